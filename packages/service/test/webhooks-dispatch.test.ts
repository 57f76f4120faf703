import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_TYPES, type EventType } from '@transmute/contract';
import { checkUrlAllowed, type HostResolver } from '@transmute/engine/net';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type Store } from '../src/index.js';
import { CHANNELS } from '../src/storage/channels.js';
import { encryptSecret } from '../src/kernel/secrets.js';
import { queueWebhookReplay, endEndpointDeliveries } from '../src/webhooks/dispatch-control.js';
import { createWebhookDispatcher, type WebhookDispatcherOptions } from '../src/webhooks/dispatch-webhooks.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER_SECRET = 'whsec_' + Buffer.alloc(24, 7).toString('base64');
let dir: string;
let store: Store;
const servers: Server[] = [];
let seq = 0;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webhooks-'));
  store = await createSqliteStore({ path: join(dir, 'db.sqlite') });
});

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A loopback receiver recording every request; `answer` decides each response. */
async function receiver(answer: (n: number, res: ServerResponse) => void = (_n, res) => res.end('ok')) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      answer(received.length, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

const iso = (date = new Date()): string => date.toISOString();

async function addEndpoint(
  url: string,
  fields: { status?: string; secret?: string; previous?: string } = {},
) {
  const id = `wh_test${String((seq += 1))}`;
  await store.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      account_id: 'acct_1',
      url,
      description: '',
      events_json: JSON.stringify(EVENT_TYPES),
      status: fields.status ?? 'active',
      secret_ciphertext: fields.secret ?? SECRET,
      secret_last_four: 'last',
      previous_secret_ciphertext: fields.previous ?? null,
      previous_secret_expires_at:
        fields.previous === undefined ? null : iso(new Date(Date.now() + 86_400_000)),
      created_at: iso(),
      updated_at: iso(),
      deleted_at: null,
    })
    .execute();
  return id;
}

async function addEvent(
  endpointId: string,
  type: EventType = 'job.succeeded',
  opts: { createdAt?: string; test?: boolean } = {},
) {
  seq += 1;
  const eventId = `evt_test${String(seq).padStart(4, '0')}`;
  const createdAt = opts.createdAt ?? iso(new Date(Date.now() - 60_000 + seq));
  const envelope = {
    id: eventId,
    type,
    timestamp: createdAt,
    api_version: 'v1',
    data: { object: { id: `obj_${String(seq)}` } },
  };
  await store.db
    .insertInto('events')
    .values({
      id: eventId,
      account_id: 'acct_1',
      type,
      payload: JSON.stringify(envelope),
      created_at: createdAt,
    })
    .execute();
  const deliveryId = `whd_test${String(seq).padStart(4, '0')}`;
  await store.db
    .insertInto('webhook_deliveries')
    .values({
      id: deliveryId,
      account_id: 'acct_1',
      endpoint_id: endpointId,
      event_id: eventId,
      event_type: type,
      status: 'pending',
      attempts: 0,
      response_status: null,
      response_preview: null,
      last_error_code: null,
      next_attempt_at: createdAt,
      locked_by: null,
      lease_expires_at: null,
      created_at: createdAt,
      completed_at: null,
      is_test: opts.test === true ? 1 : 0,
    })
    .execute();
  return { eventId, deliveryId };
}

const delivery = (id: string) =>
  store.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Queues a replay the way the API does: in a transaction, whose commit wakes the dispatchers. */
const replay = (id: string) => store.transaction((trx) => queueWebhookReplay(trx, id, new Date()));

function dispatcher(options: Partial<WebhookDispatcherOptions> = {}) {
  return createWebhookDispatcher({
    store,
    allowPrivateNetworks: true,
    retryDelaysSeconds: [0.02, 0.02],
    timeoutMs: 2000,
    sweepIntervalMs: 0,
    env: {},
    ...options,
  });
}

/** Drains until nothing is due and nothing will become due within `settleMs`. */
async function drainAll(d: { drainOnce(): Promise<number> }, settleMs = 150): Promise<void> {
  let idleSince = Date.now();
  while (Date.now() - idleSince < settleMs) {
    if ((await d.drainOnce()) > 0) idleSince = Date.now();
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function verifies(secret: string, r: Received): boolean {
  try {
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

describe('webhook dispatcher', () => {
  it('delivers every event type, signed so that the standardwebhooks library verifies it', async () => {
    const { received, url } = await receiver();
    const endpoint = await addEndpoint(url);
    const sent = [];
    for (const type of EVENT_TYPES) sent.push(await addEvent(endpoint, type));
    await drainAll(dispatcher());
    expect(received.map((r) => JSON.parse(r.body) as { type: string }).map((e) => e.type)).toEqual([
      ...EVENT_TYPES,
    ]);
    for (const [i, r] of received.entries()) {
      expect(verifies(SECRET, r)).toBe(true);
      expect(verifies(OTHER_SECRET, r)).toBe(false);
      expect(r.headers['webhook-id']).toBe(sent[i]?.eventId);
      expect(r.headers['content-type']).toBe('application/json');
    }
    const row = await delivery(sent[0]?.deliveryId ?? '');
    expect(row).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      response_preview: 'ok',
    });
    expect(row.completed_at).not.toBeNull();
    expect(row.locked_by).toBeNull();
  });

  it('drives a delivery answered 500 through retrying to dead_letter after delays + 1 attempts', async () => {
    const times: number[] = [];
    const { received, url } = await receiver((_n, res) => {
      times.push(Date.now());
      res.writeHead(500).end('boom\u0000 token=abcdef123456');
    });
    const { deliveryId, eventId } = await addEvent(await addEndpoint(url));
    const d = dispatcher({ retryDelaysSeconds: [0.2, 0.1, 0.3] });
    await d.drainOnce();
    const afterFirst = await delivery(deliveryId);
    expect(afterFirst).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_error_code: 'http_error',
      response_status: 500,
    });
    expect(afterFirst.next_attempt_at).not.toBeNull();
    expect(afterFirst.response_preview).toBe('boom token=****');
    await drainAll(d, 500);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set([eventId]));
    // Each gap is at least the configured delay minus 20 % jitter (0.2 s, 0.1 s, 0.3 s).
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    [160, 80, 240].forEach((min, i) => expect(gaps[i]).toBeGreaterThanOrEqual(min));
    const last = await delivery(deliveryId);
    expect(last).toMatchObject({
      status: 'dead_letter',
      attempts: 4,
      last_error_code: 'http_error',
      next_attempt_at: null,
    });
    expect(last.completed_at).not.toBeNull();
  });

  it('replays a dead-lettered delivery once with the same webhook-id and a fresh signature', async () => {
    const { received, url } = await receiver((_n, res) => res.writeHead(503).end());
    const { deliveryId, eventId } = await addEvent(await addEndpoint(url));
    const d = dispatcher({ retryDelaysSeconds: [] });
    await drainAll(d);
    expect(await delivery(deliveryId)).toMatchObject({ status: 'dead_letter', attempts: 1 });
    expect(await replay(deliveryId)).toBe(true);
    expect(await delivery(deliveryId)).toMatchObject({ status: 'pending' });
    expect(await replay(deliveryId)).toBe(false);
    await drainAll(dispatcher({ retryDelaysSeconds: [0.01, 0.01, 0.01] }));
    expect(received).toHaveLength(2);
    expect(received[1]?.headers['webhook-id']).toBe(eventId);
    expect(verifies(SECRET, received[1] ?? { headers: {}, body: '' })).toBe(true);
    expect(await delivery(deliveryId)).toMatchObject({
      status: 'dead_letter',
      attempts: 2,
      replay_requested_at: null,
    });
  });

  it('refuses to replay a delivery that is not dead-lettered', async () => {
    const { url } = await receiver();
    const { deliveryId } = await addEvent(await addEndpoint(url));
    expect(await replay(deliveryId)).toBe(false);
    await drainAll(dispatcher());
    expect(await replay(deliveryId)).toBe(false);
  });

  it('holds the deliveries of a paused endpoint and sends them oldest first once resumed', async () => {
    const { received, url } = await receiver();
    const endpoint = await addEndpoint(url, { status: 'paused' });
    const events = [];
    for (let i = 0; i < 5; i += 1) events.push(await addEvent(endpoint));
    const d = dispatcher();
    await drainAll(d);
    expect(received).toHaveLength(0);
    expect(await delivery(events[0]?.deliveryId ?? '')).toMatchObject({ status: 'pending', attempts: 0 });
    await store.db
      .updateTable('webhook_endpoints')
      .set({ status: 'active' })
      .where('id', '=', endpoint)
      .execute();
    await drainAll(d);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(events.map((e) => e.eventId));
  });

  it('records an attempt whose dispatcher died as interrupted, counting toward the schedule', async () => {
    const { received, url } = await receiver();
    const endpoint = await addEndpoint(url);
    const past = iso(new Date(Date.now() - 60_000));
    /** The row a dispatcher leaves when it dies: its claim, and maybe an attempt begun, lease run out. */
    const diedDuring = async (attempts: number, fields: { begun?: boolean; replay?: boolean } = {}) => {
      const { deliveryId } = await addEvent(endpoint);
      await store.db
        .updateTable('webhook_deliveries')
        .set({
          status: 'delivering',
          attempts,
          locked_by: 'dead-worker',
          lease_expires_at: past,
          attempt_started_at: fields.begun === false ? null : past,
          replay_requested_at: fields.replay === true ? past : null,
        })
        .where('id', '=', deliveryId)
        .execute();
      return deliveryId;
    };
    const first = await diedDuring(1);
    const last = await diedDuring(3);
    const manual = await diedDuring(2, { replay: true });
    const unsent = await diedDuring(0, { begun: false });
    const inFlight = await addEvent(endpoint);
    await store.db
      .updateTable('webhook_deliveries')
      .set({
        status: 'delivering',
        attempts: 1,
        locked_by: 'live-worker',
        lease_expires_at: iso(new Date(Date.now() + 60_000)),
        attempt_started_at: iso(),
      })
      .where('id', '=', inFlight.deliveryId)
      .execute();

    const before = Date.now();
    await drainAll(dispatcher({ retryDelaysSeconds: [100, 100] }));
    const interrupted = { last_error_code: 'interrupted', response_status: null, attempt_started_at: null };
    // The first of three attempts: retried after the schedule's first delay (±20 %).
    const retried = await delivery(first);
    expect(retried).toMatchObject({ status: 'retrying', attempts: 1, locked_by: null, ...interrupted });
    const delayMs = Date.parse(retried.next_attempt_at ?? '') - before;
    expect(delayMs).toBeGreaterThanOrEqual(80_000);
    expect(delayMs).toBeLessThanOrEqual(121_000);
    // The last attempt of the schedule, and a replay's one manual attempt: dead_letter.
    expect(await delivery(last)).toMatchObject({ status: 'dead_letter', attempts: 3, ...interrupted });
    expect(await delivery(manual)).toMatchObject({
      status: 'dead_letter',
      attempts: 2,
      replay_requested_at: null,
      ...interrupted,
    });
    // Claimed but never begun: nothing was sent, so no attempt to record; it is simply sent.
    expect(await delivery(unsent)).toMatchObject({ status: 'succeeded', attempts: 1, last_error_code: null });
    expect(received.map((r) => r.headers['webhook-id'])).toHaveLength(1);
    // An attempt whose lease still runs belongs to a live dispatcher.
    expect(await delivery(inFlight.deliveryId)).toMatchObject({
      status: 'delivering',
      attempts: 1,
      locked_by: 'live-worker',
      last_error_code: null,
    });
  });

  it('dead-letters deliveries held longer than 7 days and those of deleted endpoints', async () => {
    const { received, url } = await receiver();
    const paused = await addEndpoint(url, { status: 'paused' });
    const old = await addEvent(paused, 'job.queued', {
      createdAt: iso(new Date(Date.now() - 8 * 86_400_000)),
    });
    const recent = await addEvent(paused);
    const gone = await addEndpoint(url);
    const orphan = await addEvent(gone);
    const ended = await addEvent(gone);
    await store.db
      .updateTable('webhook_endpoints')
      .set({ deleted_at: iso() })
      .where('id', '=', gone)
      .execute();
    expect(await endEndpointDeliveries(store.db, gone, new Date())).toBe(2);
    await store.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending' })
      .where('id', '=', orphan.deliveryId)
      .execute();
    await drainAll(dispatcher());
    expect(received).toHaveLength(0);
    expect(await delivery(old.deliveryId)).toMatchObject({
      status: 'dead_letter',
      last_error_code: 'endpoint_paused',
    });
    expect(await delivery(recent.deliveryId)).toMatchObject({ status: 'pending' });
    expect(await delivery(orphan.deliveryId)).toMatchObject({
      status: 'dead_letter',
      last_error_code: 'endpoint_deleted',
    });
    expect(await delivery(ended.deliveryId)).toMatchObject({
      status: 'dead_letter',
      last_error_code: 'endpoint_deleted',
    });
  });

  it('signs with both secrets after a rotation, each signature verifying with its own secret', async () => {
    const { received, url } = await receiver();
    const masterKey = 'master-key-for-tests';
    const endpoint = await addEndpoint(url, {
      secret: encryptSecret(OTHER_SECRET, masterKey),
      previous: encryptSecret(SECRET, masterKey),
    });
    await addEvent(endpoint);
    await drainAll(dispatcher({ masterKey }));
    const [r] = received;
    if (r === undefined) throw new Error('nothing received');
    const signatures = String(r.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    const only = (signature: string | undefined): Received => ({
      body: r.body,
      headers: { ...r.headers, 'webhook-signature': signature ?? '' },
    });
    expect(verifies(OTHER_SECRET, only(signatures[0]))).toBe(true);
    expect(verifies(SECRET, only(signatures[0]))).toBe(false);
    expect(verifies(SECRET, only(signatures[1]))).toBe(true);
    expect(verifies(OTHER_SECRET, only(signatures[1]))).toBe(false);
  });

  it('drops the previous secret once its 24 hours are over', async () => {
    const { received, url } = await receiver();
    const endpoint = await addEndpoint(url, { secret: OTHER_SECRET, previous: SECRET });
    await store.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: iso(new Date(Date.now() - 1000)) })
      .where('id', '=', endpoint)
      .execute();
    await addEvent(endpoint);
    await drainAll(dispatcher());
    expect(String(received[0]?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(SECRET, received[0] ?? { headers: {}, body: '' })).toBe(false);
  });

  it('marks test events with "test": true in the envelope', async () => {
    const { received, url } = await receiver();
    await addEvent(await addEndpoint(url), 'job.queued', { test: true });
    await drainAll(dispatcher());
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ type: 'job.queued', test: true });
    expect(verifies(SECRET, received[0] ?? { headers: {}, body: '' })).toBe(true);
  });

  it('dead-letters at once on 410 Gone and pauses the endpoint', async () => {
    const { received, url } = await receiver((_n, res) => res.writeHead(410).end());
    const endpoint = await addEndpoint(url);
    const first = await addEvent(endpoint);
    const second = await addEvent(endpoint);
    await drainAll(dispatcher({ retryDelaysSeconds: [0.01, 0.01] }));
    expect(received).toHaveLength(1);
    expect(await delivery(first.deliveryId)).toMatchObject({
      status: 'dead_letter',
      last_error_code: 'endpoint_gone',
      attempts: 1,
    });
    expect(await delivery(second.deliveryId)).toMatchObject({ status: 'pending' });
    const row = await store.db
      .selectFrom('webhook_endpoints')
      .select('status')
      .where('id', '=', endpoint)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paused');
  });

  it('records rate limiting, redirects (never followed) and timeouts', async () => {
    const limited = await receiver((_n, res) => res.writeHead(429, { 'retry-after': '3600' }).end());
    const redirect = await receiver((_n, res) =>
      res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end(),
    );
    const slow = await receiver(() => undefined);
    const a = await addEvent(await addEndpoint(limited.url));
    const b = await addEvent(await addEndpoint(redirect.url));
    const c = await addEvent(await addEndpoint(slow.url));
    const started = Date.now();
    await createWebhookDispatcher({
      store,
      allowPrivateNetworks: true,
      retryDelaysSeconds: [10],
      env: { TRANSMUTE_WEBHOOK_TIMEOUT_MS: '300' },
    }).drainOnce();
    const rowA = await delivery(a.deliveryId);
    expect(rowA).toMatchObject({ status: 'retrying', last_error_code: 'rate_limited', response_status: 429 });
    // Retry-After 3600 s is clamped to 2 × the 10 s delay.
    expect(Date.parse(rowA.next_attempt_at ?? '') - started).toBeGreaterThanOrEqual(19_000);
    expect(Date.parse(rowA.next_attempt_at ?? '') - started).toBeLessThan(25_000);
    expect(await delivery(b.deliveryId)).toMatchObject({
      last_error_code: 'redirect_not_followed',
      response_status: 302,
    });
    expect(await delivery(c.deliveryId)).toMatchObject({ last_error_code: 'timeout', response_status: null });
    expect(redirect.received).toHaveLength(1);
  });

  it('refuses private destinations at delivery time, including a DNS answer that changed after registration', async () => {
    const { received, url } = await receiver();
    const port = new URL(url).port;
    const answers = ['93.184.215.14', '127.0.0.1'];
    const rebinding: HostResolver = () =>
      Promise.resolve([{ address: answers.shift() ?? '127.0.0.1', family: 4 }]);
    const hookUrl = `http://hooks.example:${port}/hook`;
    expect(await checkUrlAllowed(hookUrl, { resolver: rebinding })).toEqual({ ok: true });
    const rebound = await addEvent(await addEndpoint(hookUrl));
    const literal = await addEvent(await addEndpoint(url));
    await drainAll(dispatcher({ allowPrivateNetworks: false, resolver: rebinding, retryDelaysSeconds: [] }));
    expect(received).toHaveLength(0);
    expect(await delivery(rebound.deliveryId)).toMatchObject({
      status: 'dead_letter',
      last_error_code: 'destination_blocked',
    });
    expect(await delivery(literal.deliveryId)).toMatchObject({
      status: 'dead_letter',
      last_error_code: 'destination_blocked',
    });
  });

  it('lets two dispatchers share the work without sending a delivery twice', async () => {
    const { received, url } = await receiver();
    const endpoints = [await addEndpoint(url), await addEndpoint(url), await addEndpoint(url)];
    const ids = [];
    for (let i = 0; i < 60; i += 1) ids.push((await addEvent(endpoints[i % 3] ?? '')).eventId);
    const one = dispatcher({ workerId: 'one', batchSize: 7 });
    const two = dispatcher({ workerId: 'two', batchSize: 7 });
    await Promise.all([drainAll(one), drainAll(two)]);
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(ids.sort());
  });

  it('never sends twice when a long batch outlives its lease while another dispatcher polls', async () => {
    const { received, url } = await receiver((_n, res) => setTimeout(() => res.end('ok'), 120));
    const endpoint = await addEndpoint(url);
    const ids = [];
    for (let i = 0; i < 6; i += 1) ids.push((await addEvent(endpoint)).eventId);
    const slow = dispatcher({ workerId: 'slow', leaseMs: 250, batchSize: 6 });
    const other = dispatcher({ workerId: 'other', leaseMs: 250, batchSize: 1 });
    const first = slow.drainOnce();
    await drainAll(other, 400);
    await first;
    await drainAll(slow);
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(ids.sort());
  });

  it('runs on its own once started and wakes on notifications', async () => {
    const { received, url } = await receiver();
    const endpoint = await addEndpoint(url);
    const d = dispatcher({ pollIntervalMs: 60_000 });
    d.start();
    await addEvent(endpoint);
    await store.notify(CHANNELS.webhooks);
    for (let i = 0; i < 200 && received.length === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await d.stop();
    expect(received).toHaveLength(1);
  });
});
