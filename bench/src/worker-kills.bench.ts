/*
 * Worker kills: jobs completed in 60 s by three worker processes on PostgreSQL, left alone and
 * with one SIGKILLed every 5 s (and restarted at once, as an orchestrator would). A killed
 * worker's jobs keep their lease until it lapses; until then they also count against the
 * account's plan concurrency (developer: 4), so the lease length decides how much of the account
 * a crash takes away. 500 URL jobs are queued up front; each fetches a text document from a
 * loopback server that answers after 800 ms (the real URL source and SSRF-safe fetch, private
 * networks allowed), and renders it. Workers run the service's defaults: two jobs each, the
 * default lease, LISTEN/NOTIFY wake-ups and a 1 s poll. No targets: compare runs, before and after
 * a change (the numbers measured when the 10 s lease came in are in the README).
 *
 *   node --conditions=development --import tsx bench/src/worker-kills.bench.ts
 *   BENCH_KILLS_SECONDS=60 BENCH_KILLS_EVERY_MS=5000 TRANSMUTE_BENCH_POSTGRES_URL=postgres://…
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '@transmute/engine';
import { createPostgresStore } from '@transmute/postgres';
import { createFsBlobStore, createService } from '@transmute/service';
import { runIfMain, type BenchReport } from './bench-report.js';
import { adminQuery, BENCH_POSTGRES_URL as CONNECTION, startBenchWorker } from './internal/bench-fleet.js';

const WORKER = fileURLToPath(new URL('./internal/kill-bench-worker.ts', import.meta.url));
const WORKERS = 3;
const JOBS = 500;
const FETCH_DELAY_MS = 800;
const SECONDS = Number(process.env.BENCH_KILLS_SECONDS ?? 60);
const KILL_EVERY_MS = Number(process.env.BENCH_KILLS_EVERY_MS ?? 5000);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The loopback document server: every GET answers a small text after {@link FETCH_DELAY_MS}. */
async function startDocumentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    setTimeout(() => {
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('A document fetched by a worker that may be killed.\n\nIts second paragraph.\n');
    }, FETCH_DELAY_MS);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/doc`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function startWorker(schema: string, id: string, blobDir: string): Promise<ChildProcess> {
  return startBenchWorker(WORKER, schema, id, blobDir);
}

/** One run: queue the jobs, start the workers, count the jobs that ended after {@link SECONDS}. */
async function measure(
  documentUrl: string,
  kill: boolean,
): Promise<{ succeeded: number; failed: number; kills: number }> {
  const schema = `bench_kills_${randomBytes(4).toString('hex')}`;
  const blobDir = mkdtempSync(join(tmpdir(), 'transmute-kills-bench-'));
  const store = await createPostgresStore({ connectionString: CONNECTION, schema });
  const workers: ChildProcess[] = [];
  try {
    const service = createService({
      store,
      blobs: await createFsBlobStore({ root: blobDir }),
      engine: createEngine({ plugins: [] }),
      config: {
        baseUrl: 'http://127.0.0.1:1',
        signingSecret: 'worker-kills-bench',
        allowPrivateNetworks: true,
        workerConcurrency: 0,
        webhooks: { enabled: false },
      },
    });
    const { account } = await service.admin.createAccount({ plan: 'developer' });
    const caller = { accountId: account.id, requestId: 'req_bench' };
    for (let i = 0; i < JOBS; i += 1) {
      await service.createJob(caller, {
        source: { type: 'url', url: `${documentUrl}?n=${String(i)}` },
        output: { profile: 'raw_source' },
      });
    }
    let serial = 0;
    const next = (): Promise<ChildProcess> => startWorker(schema, `bench-w${String((serial += 1))}`, blobDir);
    workers.push(...(await Promise.all(Array.from({ length: WORKERS }, next))));
    const started = Date.now();
    const end = started + SECONDS * 1000;
    let kills = 0;
    while (kill && Date.now() + KILL_EVERY_MS < end) {
      await sleep(KILL_EVERY_MS);
      const index = Math.floor(Math.random() * workers.length);
      workers[index]?.kill('SIGKILL');
      kills += 1;
      // Restarted at once; the replacement claims work as soon as it is up.
      void next().then((child) => workers.splice(index, 1, child));
    }
    await sleep(Math.max(0, end - Date.now()));
    const rows = await store.db
      .selectFrom('jobs')
      .select(['status', 'detail'])
      .where('account_id', '=', account.id)
      .where('status', 'in', ['succeeded', 'failed', 'canceled'])
      .execute();
    // A job whose runs were cut short five times fails (MAX_ATTEMPTS); any other failure is a bug.
    const failed = rows.filter((row) => row.status !== 'succeeded');
    const unexpected = failed.find((row) => row.detail?.includes('stopped repeatedly') !== true);
    if (unexpected !== undefined) throw new Error(`a job ${unexpected.status}: ${String(unexpected.detail)}`);
    return { succeeded: rows.length - failed.length, failed: failed.length, kills };
  } finally {
    for (const worker of workers) worker.kill('SIGKILL');
    await sleep(500);
    await store.close();
    await adminQuery(`drop schema if exists "${schema}" cascade`);
    rmSync(blobDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchReport> {
  const server = await startDocumentServer();
  try {
    const calm = await measure(server.url, false);
    const killed = await measure(server.url, true);
    const share = (n: number): string => `${((n / Math.max(1, calm.succeeded)) * 100).toFixed(0)} %`;
    return {
      title: `Jobs done in ${String(SECONDS)} s (${String(JOBS)} queued, ${String(WORKERS)} worker processes on PostgreSQL, developer plan: 4 at once)`,
      columns: [
        'workers',
        'kills',
        'succeeded',
        'failed (cut short 5 times)',
        'succeeded, share of undisturbed',
      ],
      rows: [
        ['left alone', 0, calm.succeeded, calm.failed, share(calm.succeeded)],
        [
          `one SIGKILLed every ${String(KILL_EVERY_MS / 1000)} s, restarted`,
          killed.kills,
          killed.succeeded,
          killed.failed,
          share(killed.succeeded),
        ],
      ],
      notes: [
        'A killed worker holds up to two of the account’s four leases until they lapse (the default lease).',
      ],
    };
  } finally {
    await server.close();
  }
}

await runIfMain(import.meta.url, run);
