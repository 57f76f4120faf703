import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_TYPES } from '@transmute/contract';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, waitFor, waitForJob, type Harness } from './support/harness.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  type: string;
  test: boolean;
}

let h: Harness | undefined;
const servers: Server[] = [];

afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function receiver(answer: (res: ServerResponse) => void = (res) => res.end('ok')) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const envelope = JSON.parse(body) as { type: string; test?: boolean };
      received.push({ headers: req.headers, body, type: envelope.type, test: envelope.test === true });
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hook` };
}

function verifies(secret: string, r: Received, signature?: string): boolean {
  const headers = { ...r.headers, ...(signature === undefined ? {} : { 'webhook-signature': signature }) };
  try {
    new Webhook(secret).verify(r.body, headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

const fast = { retryDelaysSeconds: [0.05, 0.05], pollIntervalMs: 50, timeoutMs: 2000, sweepIntervalMs: 0 };
const JOB_EVENTS = ['job.queued', 'job.processing', 'job.succeeded', 'output.created'];

async function runJob(harness: Harness): Promise<string> {
  const job = await harness.service.createJob(harness.caller, {
    source: { type: 'text', content: '# Title\n\nSome text to convert.' },
    output: { profile: 'raw_source' },
  });
  await waitForJob(harness, job.id, ['succeeded']);
  return job.id;
}

describe('webhooks through the service', () => {
  it('delivers the job events the service emits, verifiable with standardwebhooks', async () => {
    h = await startHarness({ allowPrivateNetworks: true, webhooks: fast });
    const { received, url } = await receiver();
    const endpoint = await h.service.createWebhookEndpoint(h.caller, { url, events: [...EVENT_TYPES] });
    await runJob(h);
    await waitFor(() => Promise.resolve(received.length >= 4 ? true : undefined));
    expect(received.map((r) => r.type).sort()).toEqual([...JOB_EVENTS].sort());
    for (const r of received) expect(verifies(endpoint.secret, r)).toBe(true);
    const test = await h.service.testWebhookEndpoint(h.caller, endpoint.id);
    await waitFor(() => Promise.resolve(received.length >= 5 ? true : undefined));
    const last = received[4];
    expect(last?.test).toBe(true);
    expect(last?.headers['webhook-id']).toBe(test.event_id);
    expect(last !== undefined && verifies(endpoint.secret, last)).toBe(true);
  });

  it('signs with both secrets after a rotation', async () => {
    h = await startHarness({ allowPrivateNetworks: true, masterKey: 'mk-test', webhooks: fast });
    const { received, url } = await receiver();
    const endpoint = await h.service.createWebhookEndpoint(h.caller, { url, events: ['job.queued'] });
    const rotated = await h.service.rotateWebhookEndpointSecret(h.caller, endpoint.id);
    await h.service.createJob(h.caller, {
      source: { type: 'text', content: 'x' },
      output: { profile: 'raw_source' },
    });
    await waitFor(() => Promise.resolve(received.length >= 1 ? true : undefined));
    const r = received[0];
    if (r === undefined) throw new Error('nothing received');
    const [first, second] = String(r.headers['webhook-signature']).split(' ');
    expect(verifies(rotated.secret, r, first)).toBe(true);
    expect(verifies(endpoint.secret, r, second)).toBe(true);
    expect(verifies(endpoint.secret, r, first)).toBe(false);
  });

  it('holds events while paused and sends them in order once resumed', async () => {
    h = await startHarness({ allowPrivateNetworks: true, webhooks: fast });
    const { received, url } = await receiver();
    const endpoint = await h.service.createWebhookEndpoint(h.caller, { url, events: [...EVENT_TYPES] });
    await h.service.pauseWebhookEndpoint(h.caller, endpoint.id);
    await runJob(h);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(received).toHaveLength(0);
    await h.service.resumeWebhookEndpoint(h.caller, endpoint.id);
    await waitFor(() => Promise.resolve(received.length >= 4 ? true : undefined));
    // Oldest first: the order of the held deliveries (created_at, then id for the same instant).
    const held = await h.store.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('endpoint_id', '=', endpoint.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(held.map((row) => row.event_id));
    expect(received.map((r) => r.type).sort()).toEqual([...JOB_EVENTS].sort());
  });

  it('dead-letters after delays + 1 attempts, replays once, and refuses other replays with 409', async () => {
    h = await startHarness({ allowPrivateNetworks: true, webhooks: fast });
    const { received, url } = await receiver((res) => res.writeHead(500).end('nope'));
    const endpoint = await h.service.createWebhookEndpoint(h.caller, { url, events: ['job.queued'] });
    await h.service.createJob(h.caller, {
      source: { type: 'text', content: 'x' },
      output: { profile: 'raw_source' },
    });
    const dead = await waitFor(async () => {
      const page = await h?.service.listWebhookDeliveries(h.caller, endpoint.id, { limit: 10 });
      const delivery = page?.data[0];
      return delivery?.status === 'dead_letter' ? delivery : undefined;
    });
    expect(dead).toMatchObject({ attempts: 3, last_error_code: 'http_error', response_status: 500 });
    expect(received).toHaveLength(3);
    await h.service.replayWebhookDelivery(h.caller, endpoint.id, dead.id);
    await expect(h.service.replayWebhookDelivery(h.caller, endpoint.id, dead.id)).rejects.toMatchObject({
      code: 'delivery_not_dead_lettered',
    });
    const replayed = await waitFor(async () => {
      const page = await h?.service.listWebhookDeliveries(h.caller, endpoint.id, { limit: 10 });
      const delivery = page?.data[0];
      return delivery?.status === 'dead_letter' && delivery.attempts === 4 ? delivery : undefined;
    });
    expect(replayed.id).toBe(dead.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });
});
