/*
 * Webhooks: signing throughput against raw crypto.createHmac, and dispatch throughput and latency
 * for 10 000 events fanned out over 10 endpoints to one loopback receiver (SQLite store, one
 * dispatcher process, the real SSRF-safe fetch with private networks allowed).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore, createWebhookDispatcher, signWebhook, type Store } from '@transmute/service';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const EVENTS = 10_000;
const ENDPOINTS = 10;
const BATCH = 250;

function perSecond(iterations: number, fn: () => void): number {
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) fn();
  return iterations / ((performance.now() - started) / 1000);
}

function benchSigning(): void {
  const body = JSON.stringify({
    id: 'evt_x',
    type: 'job.succeeded',
    data: { object: { text: 'x'.repeat(900) } },
  });
  const key = Buffer.from(SECRET.slice(6), 'base64');
  const n = 100_000;
  const ours = perSecond(n, () =>
    signWebhook({ id: 'evt_x', timestamp: 1_700_000_000, body, secrets: [SECRET] }),
  );
  const raw = perSecond(n, () =>
    createHmac('sha256', key).update(`evt_x.1700000000.${body}`).digest('base64'),
  );
  console.log('\n## Webhook signing (1 KB body)\n');
  console.log('| signer | signatures/s | ratio to raw |');
  console.log('|---|---|---|');
  console.log(`| raw crypto.createHmac | ${raw.toFixed(0)} | 1.00 |`);
  console.log(`| signWebhook | ${ours.toFixed(0)} | ${(ours / raw).toFixed(2)} |`);
}

async function seed(store: Store, url: string): Promise<string[]> {
  const now = new Date().toISOString();
  const endpoints = Array.from({ length: ENDPOINTS }, (_, i) => `wh_bench${String(i)}`);
  await store.db
    .insertInto('webhook_endpoints')
    .values(
      endpoints.map((id) => ({
        id,
        account_id: 'acct_bench',
        url,
        description: '',
        events_json: '["job.succeeded"]',
        status: 'active',
        secret_ciphertext: SECRET,
        secret_last_four: 'LaSw',
        previous_secret_ciphertext: null,
        previous_secret_expires_at: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })),
    )
    .execute();
  return endpoints;
}

async function produce(store: Store, endpoints: string[], from: number): Promise<void> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: BATCH }, (_, i) => String(from + i).padStart(6, '0'));
  await store.transaction(async (trx) => {
    await trx
      .insertInto('events')
      .values(
        ids.map((n) => ({
          id: `evt_b${n}`,
          account_id: 'acct_bench',
          type: 'job.succeeded',
          payload: JSON.stringify({
            id: `evt_b${n}`,
            type: 'job.succeeded',
            timestamp: now,
            api_version: 'v1',
            data: { object: {} },
          }),
          created_at: now,
        })),
      )
      .execute();
    await trx
      .insertInto('webhook_deliveries')
      .values(
        ids.map((n, i) => ({
          id: `whd_b${n}`,
          account_id: 'acct_bench',
          endpoint_id: endpoints[(from + i) % endpoints.length] ?? '',
          event_id: `evt_b${n}`,
          event_type: 'job.succeeded',
          status: 'pending',
          attempts: 0,
          response_status: null,
          response_preview: null,
          last_error_code: null,
          next_attempt_at: now,
          locked_by: null,
          lease_expires_at: null,
          created_at: now,
          completed_at: null,
          is_test: 0,
        })),
      )
      .execute();
  });
  await store.notify('transmute_webhooks');
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function benchDispatch(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
  const store = await createSqliteStore({ path: join(dir, 'db.sqlite') });
  const created = new Map<string, number>();
  const latencies: number[] = [];
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      latencies.push(performance.now() - (created.get(id) ?? 0));
      res.end('ok');
      if (latencies.length === EVENTS) done();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hook`;
  const endpoints = await seed(store, url);
  const dispatcher = createWebhookDispatcher({
    store,
    allowPrivateNetworks: true,
    pollIntervalMs: 50,
    batchSize: 100,
    concurrency: ENDPOINTS,
    env: {},
  });
  dispatcher.start();
  const started = performance.now();
  for (let from = 0; from < EVENTS; from += BATCH) {
    const at = performance.now();
    for (let i = 0; i < BATCH; i += 1) created.set(`evt_b${String(from + i).padStart(6, '0')}`, at);
    await produce(store, endpoints, from);
  }
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await dispatcher.stop();
  server.closeAllConnections();
  server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `\n## Webhook dispatch (${String(EVENTS)} events over ${String(ENDPOINTS)} endpoints, loopback receiver, SQLite)\n`,
  );
  console.log('| deliveries | seconds | deliveries/s | p50 latency ms | p99 latency ms |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${String(EVENTS)} | ${seconds.toFixed(2)} | ${(EVENTS / seconds).toFixed(0)} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} |`,
  );
}

/** Runs the webhook benchmarks and prints markdown tables. */
export async function run(): Promise<void> {
  benchSigning();
  await benchDispatch();
}
