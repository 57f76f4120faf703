import { validateResource, type ResourceName, type WebhookDelivery } from '@transmute/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../blackbox/support/receiver.js';
import { startService, type RunningService } from '../blackbox/support/service.js';
import { clientEnv, jsonOf, transmute, type CliRun } from './support/run-transmute.js';

let service: RunningService;
let receiver: Receiver;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [service, receiver] = await Promise.all([
    startService({
      flags: ['--allow-private-networks'],
      env: { TRANSMUTE_WEBHOOK_RETRY_DELAYS: '0.3,0.3', TRANSMUTE_WEBHOOK_TIMEOUT_MS: '2000' },
    }),
    startReceiver(),
  ]);
  env = clientEnv(service.baseUrl, service.accounts[0]?.apiKey ?? '');
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

function resource<T = Record<string, unknown>>(name: ResourceName, run: CliRun): T {
  const body = jsonOf<T>(run);
  expect(validateResource(name, body), run.stdout).toEqual([]);
  return body;
}

const run = (...args: string[]): Promise<CliRun> => transmute(args, env);

/** Polls `webhooks deliveries` until the delivery is in `status`. */
async function deliveryIn(endpointId: string, deliveryId: string, status: string): Promise<WebhookDelivery> {
  for (let i = 0; i < 60; i += 1) {
    const page = resource<{ data: WebhookDelivery[] }>(
      'WebhookDeliveryList',
      await run('webhooks', 'deliveries', endpointId, '--all'),
    );
    const found = page.data.find((delivery) => delivery.id === deliveryId);
    if (found?.status === status) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`delivery ${deliveryId} never reached ${status}`);
}

describe('transmute webhooks against transmute serve --allow-private-networks', { timeout: 240_000 }, () => {
  it('create, list, update, pause, resume, rotate, test, deliveries, replay, delete', async () => {
    receiver.on('/failing', { status: 500, body: 'boom' });
    const created = resource<{ id: string; secret: string }>(
      'WebhookEndpointWithSecret',
      await run(
        'webhooks',
        'create',
        '--url',
        `${receiver.url}/failing`,
        '--events',
        'job.succeeded,job.failed',
        '--description',
        'cli test',
      ),
    );
    expect(created.secret).toMatch(/^whsec_/);
    const id = created.id;
    const list = resource<{ data: { id: string }[] }>(
      'WebhookEndpointList',
      await run('webhooks', 'list', '--all'),
    );
    expect(list.data.map((endpoint) => endpoint.id)).toContain(id);
    const updated = resource<{ events: string[]; description: string }>(
      'WebhookEndpoint',
      await run('webhooks', 'update', id, '--events', 'job.succeeded', '--description', 'renamed'),
    );
    expect(updated).toMatchObject({ events: ['job.succeeded'], description: 'renamed' });
    expect(resource<{ status: string }>('WebhookEndpoint', await run('webhooks', 'pause', id)).status).toBe(
      'paused',
    );
    expect(resource<{ status: string }>('WebhookEndpoint', await run('webhooks', 'resume', id)).status).toBe(
      'active',
    );
    const rotated = resource<{ secret: string }>(
      'RotatedWebhookEndpoint',
      await run('webhooks', 'rotate', id),
    );
    expect(rotated.secret).not.toBe(created.secret);

    const queued = resource<WebhookDelivery>('WebhookDelivery', await run('webhooks', 'test', id));
    const dead = await deliveryIn(id, queued.id, 'dead_letter');
    expect(dead).toMatchObject({ response_status: 500, attempts: 3 });
    const filtered = resource<{ data: WebhookDelivery[] }>(
      'WebhookDeliveryList',
      await run('webhooks', 'deliveries', id, '--status', 'dead_letter'),
    );
    expect(filtered.data.map((delivery) => delivery.id)).toEqual([queued.id]);
    receiver.on('/failing', { status: 200, body: 'ok' });
    const replayed = resource<WebhookDelivery>(
      'WebhookDelivery',
      await run('webhooks', 'replay', id, queued.id),
    );
    expect(replayed.id).toBe(queued.id);
    await deliveryIn(id, queued.id, 'succeeded');

    const replayAgain = await run('webhooks', 'replay', id, queued.id);
    expect(replayAgain.code).toBe(5);
    expect(replayAgain.stderr).toContain('delivery_not_dead_lettered');
    const badEvents = await run('webhooks', 'update', id, '--events', 'job.exploded');
    expect(badEvents.code).toBe(2);
    expect(badEvents.stderr).toContain('unknown: job.exploded');

    const deleted = await run('webhooks', 'delete', id);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await run('webhooks', 'pause', id)).code).toBe(4);
  });

  it('jobs create --url reads a loopback page on a server that allows private networks', async () => {
    receiver.on('/page.html', {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!doctype html><html><head><title>Sleeper trains</title></head><body><article><h1>Sleeper trains</h1><p>Night trains are back in Europe, and sleeper cars run every evening between the capitals.</p></article></body></html>',
    });
    const job = resource<{ status: string; output_ids: string[] }>(
      'Job',
      await run('jobs', 'create', '--url', `${receiver.url}/page.html`, '--wait', '--poll-interval', '100'),
    );
    expect(job.status).toBe('succeeded');
    const content = await run('outputs', 'content', job.output_ids[0] ?? '', '--all');
    expect(content.stdout).toContain('Night trains are back in Europe');
  });
});
