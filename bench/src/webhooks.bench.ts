/*
 * Webhooks: signing throughput against raw crypto.createHmac, and dispatch throughput and latency
 * for 10 000 events fanned out over 10 endpoints to one loopback receiver (SQLite store, one
 * dispatcher process, the real SSRF-safe fetch with private networks allowed). No targets: the
 * numbers are for comparison between runs.
 *
 *   node --conditions=development --import tsx bench/src/webhooks.bench.ts
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore, createWebhookDispatcher, signWebhook, type Store } from '@transmute/service';
import { newDeliveryRow } from '@transmute/service/testing';
import { runIfMain, type BenchReport, type BenchTable } from './bench-report.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const EVENTS = 10_000;
const ENDPOINTS = 10;
const BATCH = 250;
const TIMEOUT_MS = 300_000;

function perSecond(iterations: number, fn: () => void): number {
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) fn();
  return iterations / ((performance.now() - started) / 1000);
}

function benchSigning(): BenchTable {
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
  return {
    title: `Webhook signing (1 KB body, ${String(n)} signatures)`,
    columns: ['signer', 'signatures/s', 'ratio to raw'],
    rows: [
      ['raw crypto.createHmac', raw.toFixed(0), '1.00'],
      ['signWebhook', ours.toFixed(0), (ours / raw).toFixed(2)],
    ],
  };
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
        ids.map((n, i) =>
          newDeliveryRow({
            accountId: 'acct_bench',
            endpointId: endpoints[(from + i) % endpoints.length] ?? '',
            eventId: `evt_b${n}`,
            eventType: 'job.succeeded',
            now,
            isTest: false,
          }),
        ),
      )
      .execute();
  });
  await store.notify('transmute_webhooks');
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function benchDispatch(): Promise<BenchTable> {
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
  // A stalled dispatcher fails this module after a while instead of hanging `pnpm bench`.
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new Error(
          `${String(latencies.length)} of ${String(EVENTS)} deliveries after ${String(TIMEOUT_MS / 1000)} s`,
        ),
      );
    }, TIMEOUT_MS);
  });
  let seconds: number;
  try {
    for (let from = 0; from < EVENTS; from += BATCH) {
      const at = performance.now();
      for (let i = 0; i < BATCH; i += 1) created.set(`evt_b${String(from + i).padStart(6, '0')}`, at);
      await produce(store, endpoints, from);
    }
    await Promise.race([finished, stalled]);
    seconds = (performance.now() - started) / 1000;
  } finally {
    clearTimeout(timer);
    await dispatcher.stop();
    server.closeAllConnections();
    server.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    title: `Webhook dispatch (${String(EVENTS)} events over ${String(ENDPOINTS)} endpoints, loopback receiver, SQLite)`,
    columns: ['deliveries', 'seconds', 'deliveries/s', 'p50 latency ms', 'p99 latency ms'],
    rows: [
      [
        EVENTS,
        seconds.toFixed(2),
        (EVENTS / seconds).toFixed(0),
        quantile(sorted, 0.5).toFixed(1),
        quantile(sorted, 0.99).toFixed(1),
      ],
    ],
  };
}

/** Runs the webhook benchmarks: signing, then dispatch. */
export async function run(): Promise<BenchReport> {
  const signing = benchSigning();
  const dispatch = await benchDispatch();
  return { ...signing, tables: [dispatch] };
}

await runIfMain(import.meta.url, run);
