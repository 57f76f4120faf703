import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { validateResource } from '@transmute/contract';
import {
  api,
  expectProblem,
  expectResource,
  http,
  ID,
  isTimestamp,
  poll,
  type Api,
  type Reply,
} from './support/http.js';
import { startReceiver, type Receiver, type Received } from './support/receiver.js';
import { startService, type RunningService } from './support/service.js';

let service: RunningService;
let receiver: Receiver;
let a: Api;
let b: Api;

beforeAll(async () => {
  [service, receiver] = await Promise.all([
    startService({
      flags: ['--allow-private-networks'],
      env: { TRANSMUTE_WEBHOOK_RETRY_DELAYS: '0.3,0.3', TRANSMUTE_WEBHOOK_TIMEOUT_MS: '2000' },
    }),
    startReceiver(),
  ]);
  a = api(service.baseUrl, service.accounts[0]?.apiKey ?? '');
  b = api(service.baseUrl, service.accounts[1]?.apiKey ?? '');
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;

async function createEndpoint(
  client: Api,
  path: string,
  events: string[],
  description?: string,
): Promise<Reply> {
  const reply = await client.post('/v1/webhook-endpoints', {
    url: `${receiver.url}${path}`,
    events,
    ...(description === undefined ? {} : { description }),
  });
  expectResource(reply, 201, 'WebhookEndpointWithSecret');
  return reply;
}

function verify(secret: string, request: Received): Record<string, unknown> {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': request.headers['webhook-id'] ?? '',
    'webhook-timestamp': request.headers['webhook-timestamp'] ?? '',
    'webhook-signature': request.headers['webhook-signature'] ?? '',
  }) as Record<string, unknown>;
}

async function deliveries(client: Api, endpointId: string, query = ''): Promise<Reply> {
  const reply = await client.get(`/v1/webhook-endpoints/${endpointId}/deliveries${query}`);
  expectResource(reply, 200, 'WebhookDeliveryList');
  return reply;
}

async function waitDelivery(
  client: Api,
  endpointId: string,
  deliveryId: string,
  status: string,
): Promise<Record<string, unknown>> {
  const reply = await poll(
    () => deliveries(client, endpointId, '?limit=100'),
    (r) =>
      (r.body.data as { id: string; status: string }[]).some(
        (d) => d.id === deliveryId && d.status === status,
      ),
    30_000,
  );
  return (reply.body.data as { id: string }[]).find((d) => d.id === deliveryId) as Record<string, unknown>;
}

describe('webhook endpoints CRUD (CONTRACT §2, §10)', () => {
  it('create 201 + Location + secret shown once; list redacted; update; delete 204 then 404', async () => {
    const created = await createEndpoint(a, '/crud', ['job.succeeded', 'job.failed']);
    const endpoint = created.body;
    expect(endpoint.id).toMatch(ID.endpoint);
    expect(endpoint.secret).toMatch(SECRET);
    expect(endpoint.secret_last_four).toBe((endpoint.secret as string).slice(-4));
    expect(endpoint).toMatchObject({
      url: `${receiver.url}/crud`,
      description: '',
      events: ['job.succeeded', 'job.failed'],
      status: 'active',
    });
    expect(new URL(created.headers.get('location') ?? '', service.baseUrl).pathname).toBe(
      `/v1/webhook-endpoints/${endpoint.id as string}`,
    );
    expect(isTimestamp(endpoint.created_at)).toBe(true);

    const list = await a.get('/v1/webhook-endpoints');
    expectResource(list, 200, 'WebhookEndpointList');
    const listed = (list.body.data as Record<string, unknown>[]).find((e) => e.id === endpoint.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('secret');
    expect(list.text).not.toContain(endpoint.secret as string);

    const updated = await a.patch(`/v1/webhook-endpoints/${endpoint.id as string}`, {
      description: 'Main hook',
      events: ['job.canceled'],
    });
    expectResource(updated, 200, 'WebhookEndpoint');
    expect(updated.body).toMatchObject({
      id: endpoint.id,
      description: 'Main hook',
      events: ['job.canceled'],
      url: endpoint.url,
    });
    expect(Date.parse(updated.body.updated_at as string)).toBeGreaterThanOrEqual(
      Date.parse(endpoint.updated_at as string),
    );
    const merge = await http(service.baseUrl, 'PATCH', `/v1/webhook-endpoints/${endpoint.id as string}`, {
      key: a.key,
      raw: JSON.stringify({ url: `${receiver.url}/crud2` }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expectResource(merge, 200, 'WebhookEndpoint');
    expect(merge.body).toMatchObject({ url: `${receiver.url}/crud2`, description: 'Main hook' });
    const empty = await a.patch(`/v1/webhook-endpoints/${endpoint.id as string}`, {});
    expectProblem(empty, 422, 'validation_failed');
    const badEvents = await a.patch(`/v1/webhook-endpoints/${endpoint.id as string}`, { events: [] });
    expectProblem(badEvents, 422, 'validation_failed');
    expect(badEvents.body.field_errors).toContainEqual(expect.objectContaining({ field: 'events' }));
    const unknown = await a.patch(`/v1/webhook-endpoints/${endpoint.id as string}`, { status: 'paused' });
    expectProblem(unknown, 422, 'validation_failed');
    expect(unknown.body.field_errors).toContainEqual(
      expect.objectContaining({ field: 'status', code: 'unknown_field' }),
    );
    expectProblem(
      await b.patch(`/v1/webhook-endpoints/${endpoint.id as string}`, { description: 'x' }),
      404,
      'not_found',
    );

    const deleted = await a.del(`/v1/webhook-endpoints/${endpoint.id as string}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectProblem(await a.del(`/v1/webhook-endpoints/${endpoint.id as string}`), 404, 'not_found');
    expectProblem(
      await a.patch(`/v1/webhook-endpoints/${endpoint.id as string}`, { description: 'x' }),
      404,
      'not_found',
    );
    const after = await a.get('/v1/webhook-endpoints?limit=100');
    expect((after.body.data as { id: string }[]).map((e) => e.id)).not.toContain(endpoint.id);
  });

  it('all 14 event types may be subscribed; 15 items are too many', async () => {
    const all = [
      'job.queued',
      'job.processing',
      'job.succeeded',
      'job.failed',
      'job.canceled',
      'output.created',
      'file.rejected',
      'quota.warning',
      'quota.exceeded',
      'billing.usage_finalized',
      'billing.invoice_created',
      'billing.credit_created',
      'billing.refund_created',
      'billing.account_updated',
    ];
    await createEndpoint(a, '/all', all, 'd'.repeat(200));
    const tooMany = await a.post('/v1/webhook-endpoints', {
      url: `${receiver.url}/x`,
      events: [...all, 'job.queued'],
    });
    expectProblem(tooMany, 422, 'validation_failed');
    expect(tooMany.body.field_errors[0].field).toMatch(/^events/);
  });

  it('list pagination newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await createEndpoint(b, `/page${String(i)}`, ['job.failed'])).body.id as string);
    const first = await b.get('/v1/webhook-endpoints?limit=2');
    expectResource(first, 200, 'WebhookEndpointList');
    expect(first.body.page.has_more).toBe(true);
    const second = await b.get(
      `/v1/webhook-endpoints?limit=2&cursor=${encodeURIComponent(first.body.page.next_cursor as string)}`,
    );
    expectResource(second, 200, 'WebhookEndpointList');
    const seen = [...(first.body.data as { id: string }[]), ...(second.body.data as { id: string }[])].map(
      (e) => e.id,
    );
    expect(seen.slice(0, 3)).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pause/resume: 200 each, idempotent when already in that state', async () => {
    const id = (await createEndpoint(a, '/pause', ['job.failed'])).body.id as string;
    const paused = await a.post(`/v1/webhook-endpoints/${id}/pause`);
    expectResource(paused, 200, 'WebhookEndpoint');
    expect(paused.body.status).toBe('paused');
    const again = await a.post(`/v1/webhook-endpoints/${id}/pause`);
    expectResource(again, 200, 'WebhookEndpoint');
    expect(again.body.status).toBe('paused');
    const resumed = await a.post(`/v1/webhook-endpoints/${id}/resume`);
    expectResource(resumed, 200, 'WebhookEndpoint');
    expect(resumed.body.status).toBe('active');
    const resumedAgain = await a.post(`/v1/webhook-endpoints/${id}/resume`);
    expectResource(resumedAgain, 200, 'WebhookEndpoint');
    expect(resumedAgain.body.status).toBe('active');
  });
});

describe('signed deliveries (Standard Webhooks, CONTRACT §10)', () => {
  it('test delivery: 202 delivery, arrives signed and verifiable, envelope shape, listed redacted', async () => {
    const created = await createEndpoint(a, '/test-ok', ['job.failed', 'job.succeeded']);
    const endpointId = created.body.id as string;
    const queued = await a.post(`/v1/webhook-endpoints/${endpointId}/test`);
    expectResource(queued, 202, 'WebhookDelivery');
    expect(queued.body.id).toMatch(ID.delivery);
    expect(queued.body.event_id).toMatch(ID.event);
    expect(queued.body).toMatchObject({ endpoint_id: endpointId, event_type: 'job.failed' });
    const request = await receiver.waitFor((r) => r.path === '/test-ok');
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(request.headers['webhook-id']).toBe(queued.body.event_id);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = verify(created.body.secret as string, request);
    expect(validateResource('EventEnvelope', payload)).toEqual([]);
    expect(payload).toMatchObject({
      id: queued.body.event_id,
      type: 'job.failed',
      api_version: 'v1',
      test: true,
    });
    expect(() => verify(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, request)).toThrow();

    const delivery = await waitDelivery(a, endpointId, queued.body.id as string, 'succeeded');
    expect(delivery).toMatchObject({
      attempts: 1,
      response_status: 200,
      response_preview: 'ok',
      last_error_code: null,
      next_attempt_at: null,
    });
    expect(isTimestamp(delivery.completed_at)).toBe(true);
    const listing = await deliveries(a, endpointId);
    expect(listing.text).not.toContain(created.body.secret as string);
    expect(listing.text).not.toContain('webhook-signature');
    // A succeeded delivery cannot be replayed.
    expectProblem(
      await a.post(`/v1/webhook-endpoints/${endpointId}/deliveries/${queued.body.id as string}/replay`),
      409,
      'delivery_not_dead_lettered',
    );
  });

  it('job lifecycle events arrive signed: job.queued, job.succeeded (data.object = Job), output.created', async () => {
    const created = await createEndpoint(b, '/jobs', ['job.succeeded', 'job.queued', 'output.created']);
    const secret = created.body.secret as string;
    const job = await b.post('/v1/jobs', {
      source: { type: 'text', content: 'Event test. Webhooks are fun.' },
      output: { profile: 'raw_source' },
    });
    expectResource(job, 201, 'Job');
    const jobId = job.body.id as string;
    const types = new Map<string, Record<string, unknown>>();
    for (const type of ['job.queued', 'job.succeeded', 'output.created']) {
      const request = await receiver.waitFor(
        (r) => r.path === '/jobs' && r.body.includes(`"${type}"`) && r.body.includes(jobId),
      );
      const payload = verify(secret, request);
      expect(validateResource('EventEnvelope', payload)).toEqual([]);
      expect(payload.type).toBe(type);
      expect(payload).not.toHaveProperty('test');
      expect(request.headers['webhook-id']).toBe(payload.id);
      types.set(type, payload);
    }
    const succeeded = (types.get('job.succeeded')?.data as { object: Record<string, unknown> }).object;
    expect(validateResource('Job', succeeded)).toEqual([]);
    expect(succeeded).toMatchObject({ id: jobId, status: 'succeeded' });
    const output = (types.get('output.created')?.data as { object: Record<string, unknown> }).object;
    expect(validateResource('Output', output)).toEqual([]);
    expect(output).toMatchObject({ job_id: jobId, status: 'succeeded' });
    const queued = (types.get('job.queued')?.data as { object: Record<string, unknown> }).object;
    expect(validateResource('Job', queued)).toEqual([]);
    expect(queued).toMatchObject({ id: jobId });
    // Not subscribed: job.processing never sent to this endpoint.
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.some((r) => r.path === '/jobs' && r.body.includes('"job.processing"'))).toBe(
      false,
    );
    // Each event is its own delivery, listed.
    const listing = await deliveries(b, created.body.id as string, '?limit=100');
    const eventTypes = (listing.body.data as { event_type: string }[]).map((d) => d.event_type).sort();
    expect(eventTypes).toEqual(['job.queued', 'job.succeeded', 'output.created']);
  });

  it('file.rejected: data.object is the rejected File', async () => {
    const created = await createEndpoint(a, '/files', ['file.rejected']);
    const declared = Buffer.from('declared bytes of the file');
    const actual = Buffer.from('different bytes of the fil');
    const intent = await a.post('/v1/upload-intents', {
      name: 'x.txt',
      media_type: 'text/plain',
      size_bytes: declared.length,
      sha256: createHash('sha256').update(declared).digest('hex'),
    });
    expectResource(intent, 201, 'UploadIntent');
    const put = await fetch(intent.body.upload_url as string, {
      method: 'PUT',
      headers: intent.body.upload_headers as Record<string, string>,
      body: new Uint8Array(actual),
    });
    expect(put.status).toBeLessThan(300);
    const fileId = intent.body.file_id as string;
    await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: declared.length,
      sha256: createHash('sha256').update(declared).digest('hex'),
    });
    const request = await receiver.waitFor((r) => r.path === '/files' && r.body.includes(fileId));
    const payload = verify(created.body.secret as string, request);
    expect(payload.type).toBe('file.rejected');
    const file = (payload.data as { object: Record<string, unknown> }).object;
    expect(validateResource('File', file)).toEqual([]);
    expect(file).toMatchObject({ id: fileId, status: 'rejected' });
  });

  it('rotate: 200 with the new secret (last four), previous secret still signs for 24 h', async () => {
    const created = await createEndpoint(a, '/rotate', ['job.succeeded']);
    const endpointId = created.body.id as string;
    const oldSecret = created.body.secret as string;
    const rotated = await a.post(`/v1/webhook-endpoints/${endpointId}/rotate-secret`);
    expectResource(rotated, 200, 'RotatedWebhookEndpoint');
    const newSecret = rotated.body.secret as string;
    expect(newSecret).toMatch(SECRET);
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.secret_last_four).toBe(newSecret.slice(-4));
    const expires = Date.parse(rotated.body.previous_secret_expires_at as string) - Date.now();
    expect(Math.abs(expires - 24 * 3600_000)).toBeLessThan(5 * 60_000);
    const list = await a.get('/v1/webhook-endpoints?limit=100');
    const listed = (list.body.data as { id: string; secret_last_four: string }[]).find(
      (e) => e.id === endpointId,
    );
    expect(listed?.secret_last_four).toBe(newSecret.slice(-4));

    const queued = await a.post(`/v1/webhook-endpoints/${endpointId}/test`);
    expectResource(queued, 202, 'WebhookDelivery');
    const request = await receiver.waitFor((r) => r.path === '/rotate');
    expect(request.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verify(newSecret, request).id).toBe(queued.body.event_id);
    expect(verify(oldSecret, request).id).toBe(queued.body.event_id);
  });

  it('failing receiver: retries, dead_letter, redacted preview; replay resends the same event id', async () => {
    receiver.on('/flaky', { status: 500, body: 'boom' });
    const created = await createEndpoint(a, '/flaky', ['job.succeeded']);
    const endpointId = created.body.id as string;
    const queued = await a.post(`/v1/webhook-endpoints/${endpointId}/test`);
    expectResource(queued, 202, 'WebhookDelivery');
    const deliveryId = queued.body.id as string;
    const dead = await waitDelivery(a, endpointId, deliveryId, 'dead_letter');
    expect(dead).toMatchObject({
      attempts: 3,
      response_status: 500,
      response_preview: 'boom',
      last_error_code: 'http_error',
      next_attempt_at: null,
    });
    const attempts = receiver.received.filter((r) => r.path === '/flaky');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((r) => r.headers['webhook-id']))).toEqual(new Set([queued.body.event_id]));
    const filtered = await deliveries(a, endpointId, '?status=dead_letter');
    expect((filtered.body.data as { id: string }[]).map((d) => d.id)).toEqual([deliveryId]);
    expect((await deliveries(a, endpointId, '?status=succeeded')).body.data).toEqual([]);
    expectProblem(
      await a.get(`/v1/webhook-endpoints/${endpointId}/deliveries?status=nope`),
      400,
      'invalid_parameter',
    );
    expectProblem(
      await a.get(`/v1/webhook-endpoints/${endpointId}/deliveries?limit=0`),
      400,
      'invalid_parameter',
    );

    receiver.on('/flaky', { status: 204 });
    const replay = await a.post(`/v1/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/replay`);
    expectResource(replay, 202, 'WebhookDelivery');
    expect(replay.body.id).toBe(deliveryId);
    expect(replay.body.event_id).toBe(queued.body.event_id);
    await waitDelivery(a, endpointId, deliveryId, 'succeeded');
    const all = receiver.received.filter((r) => r.path === '/flaky');
    expect(all).toHaveLength(4);
    const last = all[3] as Received;
    expect(last.headers['webhook-id']).toBe(queued.body.event_id);
    expect(verify(created.body.secret as string, last).id).toBe(queued.body.event_id);
  });

  it('a failed replay returns the delivery to dead_letter after one attempt', async () => {
    receiver.on('/always-fails', { status: 503, body: 'down' });
    const created = await createEndpoint(a, '/always-fails', ['job.succeeded']);
    const endpointId = created.body.id as string;
    const queued = await a.post(`/v1/webhook-endpoints/${endpointId}/test`);
    await waitDelivery(a, endpointId, queued.body.id as string, 'dead_letter');
    const replay = await a.post(
      `/v1/webhook-endpoints/${endpointId}/deliveries/${queued.body.id as string}/replay`,
    );
    expectResource(replay, 202, 'WebhookDelivery');
    await poll(
      () => deliveries(a, endpointId),
      () => receiver.received.filter((r) => r.path === '/always-fails').length === 4,
      20_000,
    );
    const back = await waitDelivery(a, endpointId, queued.body.id as string, 'dead_letter');
    expect(back.attempts).toBe(4);
  });

  it('410 Gone: dead_letter at once and the endpoint is paused', async () => {
    receiver.on('/gone', { status: 410, body: 'gone' });
    const created = await createEndpoint(a, '/gone', ['job.succeeded']);
    const endpointId = created.body.id as string;
    const queued = await a.post(`/v1/webhook-endpoints/${endpointId}/test`);
    const dead = await waitDelivery(a, endpointId, queued.body.id as string, 'dead_letter');
    expect(dead).toMatchObject({ attempts: 1, response_status: 410, last_error_code: 'endpoint_gone' });
    const list = await a.get('/v1/webhook-endpoints?limit=100');
    const endpoint = (list.body.data as { id: string; status: string }[]).find((e) => e.id === endpointId);
    expect(endpoint?.status).toBe('paused');
  });

  it('a paused endpoint holds deliveries as pending; resume sends them', async () => {
    const created = await createEndpoint(a, '/held', ['job.succeeded']);
    const endpointId = created.body.id as string;
    expectResource(await a.post(`/v1/webhook-endpoints/${endpointId}/pause`), 200, 'WebhookEndpoint');
    const queued = await a.post(`/v1/webhook-endpoints/${endpointId}/test`);
    expectResource(queued, 202, 'WebhookDelivery');
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.some((r) => r.path === '/held')).toBe(false);
    const listing = await deliveries(a, endpointId);
    expect((listing.body.data as { status: string }[])[0]?.status).toBe('pending');
    expectResource(await a.post(`/v1/webhook-endpoints/${endpointId}/resume`), 200, 'WebhookEndpoint');
    const request = await receiver.waitFor((r) => r.path === '/held');
    expect(verify(created.body.secret as string, request).id).toBe(queued.body.event_id);
  });

  it('response_preview: at most 512 characters, secrets masked', async () => {
    const created = await createEndpoint(a, '/chatty', ['job.succeeded']);
    const secret = created.body.secret as string;
    receiver.on('/chatty', { status: 200, body: `echo ${secret} ${'z'.repeat(1000)}` });
    const queued = await a.post(`/v1/webhook-endpoints/${created.body.id as string}/test`);
    const delivery = await waitDelivery(a, created.body.id as string, queued.body.id as string, 'succeeded');
    const preview = delivery.response_preview as string;
    expect(preview.length).toBeLessThanOrEqual(512);
    expect(preview).not.toContain(secret);
  });
});
