/*
 * Worker processes on PostgreSQL, SIGKILLed in a loop while jobs arrive and webhooks go out.
 * Nothing may be lost or done twice, and a killed worker's jobs are taken over within the lease
 * bound (docs/ARCHITECTURE.md, "Workers and leases"): the lease lapses at most `leaseMs` after the
 * kill (its last renewal was sent before it), and a peer with room claims it at its next poll.
 * Room is ample on purpose (the account's concurrency and the workers' slots stay well above the
 * jobs in flight): what is measured is the lease, not a queue (`bench/src/worker-kills.bench.ts`
 * measures throughput under a plan's concurrency).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import {
  createFsBlobStore,
  createKyselyStore,
  createService,
  type Service,
  type Store,
} from '../src/index.js';
import { DEFAULT_LEASE_MS } from '../src/kernel/context.js';
import { completeUpload, subscribeToEvents } from './support/harness.js';
import { createPostgresTestDb } from './support/postgres.js';
import { SLOW_MEDIA_TYPE, createSlowSource } from './support/slow-source.js';
import { WORKER_KILLS_CONFIG } from './support/worker-kills-config.js';

const CHILD = fileURLToPath(new URL('./worker-kills.child.ts', import.meta.url));
const WORKERS = 3;
const KILLS = 4;
/** How long each job's extraction takes, and how often a job is created while workers are killed. */
const EXTRACTION_MS = 1500;
const JOB_EVERY_MS = 300;
/**
 * Added to the bound for a loaded machine (a peer's poll or claim running late). It stays below
 * half the lease: the old 30 s lease, renewed at half, left a killed worker's jobs stranded for
 * 15 to 30 s, and fails here every time.
 */
const MARGIN_MS = 4000;
const BOUND_MS = DEFAULT_LEASE_MS + WORKER_KILLS_CONFIG.pollIntervalMs;

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

interface Worker {
  id: string;
  child: ChildProcess;
}

function startWorker(schema: string, id: string, blobDir: string): Promise<Worker> {
  const child = spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', CHILD, schema, id, blobDir],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve({ id, child });
    });
    child.once('exit', (code) => reject(new Error(`worker ${id} exited early (${String(code)})`)));
  });
}

/** A loopback receiver that answers every webhook after a moment (so kills land mid-send too). */
async function startReceiver(): Promise<{ url: string; received: string[] }> {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(String(req.headers['webhook-id']));
    req.resume();
    req.on('end', () => setTimeout(() => res.end('ok'), 100));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hook`, received };
}

async function uploadSlowFile(service: Service, caller: { accountId: string; requestId: string }) {
  const text = `sleep=${String(EXTRACTION_MS)}\n\nA paragraph for a worker that may be killed.`;
  const fileId = await completeUpload({ service, caller }, text, SLOW_MEDIA_TYPE, 'slow.bin');
  await until(
    async () => ((await service.getFile(caller, fileId)).status === 'ready' ? true : undefined),
    30_000,
    'the file to be validated',
  );
  return fileId;
}

/** A killed worker's jobs, and when each was claimed again (`resumedAt`, ms since the epoch). */
interface Kill {
  workerId: string;
  killedAt: number;
  stranded: Map<string, number | null>;
}

/**
 * Watches the stranded jobs of every kill until another worker claims them. The claim time is read
 * from the row (its lease end less the lease: at most the claim time, whatever this process's own
 * delays), so a loaded test process measures no more than the workers did.
 */
function watchRecoveries(store: Store, kills: Kill[]): { stop: () => Promise<void> } {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      for (const kill of kills) {
        for (const [jobId, resumedAt] of kill.stranded) {
          if (resumedAt !== null) continue;
          const row = await store.db
            .selectFrom('jobs')
            .select(['locked_by', 'lease_expires_at'])
            .where('id', '=', jobId)
            .executeTakeFirstOrThrow();
          if (row.locked_by?.startsWith(`${kill.workerId}/`) === true) continue;
          const renewedAt =
            row.lease_expires_at === null ? Infinity : Date.parse(row.lease_expires_at) - DEFAULT_LEASE_MS;
          kill.stranded.set(jobId, Math.min(Date.now(), renewedAt));
        }
      }
      await sleep(100);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/** A fresh schema with the test's own service (it takes no jobs and sends no webhooks: it only makes the work). */
async function prepare(prefix: string) {
  const { db, drop, schema } = await createPostgresTestDb(prefix);
  cleanups.push(drop);
  const store = await createKyselyStore({ db, dialect: 'postgres' });
  cleanups.push(() => store.close());
  const blobDir = mkdtempSync(join(tmpdir(), 'transmute-kills-'));
  cleanups.push(() => rmSync(blobDir, { recursive: true, force: true }));
  const engine = createEngine({ plugins: [createDatasetRenderer(), createSlowSource()] });
  cleanups.push(() => engine.close());
  const service = createService({
    store,
    blobs: await createFsBlobStore({ root: blobDir }),
    engine,
    config: { ...WORKER_KILLS_CONFIG, workerConcurrency: 0, webhooks: { enabled: false } },
  });
  const { account } = await service.admin.createAccount({ plan: 'team', limits: { concurrency: 64 } });
  const caller = { accountId: account.id, requestId: 'req_kills' };
  const fileId = await uploadSlowFile(service, caller);
  const jobIds: string[] = [];
  return {
    store,
    service,
    caller,
    jobIds,
    startWorker: (id: string) => startWorker(schema, id, blobDir),
    async createJob(): Promise<string> {
      const job = await service.createJob(caller, {
        source: { type: 'files', file_ids: [fileId] },
        output: { profile: 'raw_source' },
      });
      jobIds.push(job.id);
      return job.id;
    },
    /** The jobs a worker's runs hold now (or held when it was killed). */
    async heldBy(workerId: string): Promise<string[]> {
      const held = await store.db
        .selectFrom('jobs')
        .select('id')
        .where('locked_by', 'like', `${workerId}/%`)
        .where('status', '=', 'processing')
        .execute();
      return held.map((row) => row.id);
    },
  };
}

/**
 * Every job succeeded with its one output, and nothing was produced twice: artifacts, events (one
 * of each type per job or output), usage records (every job converted the same file: metered
 * twice, one would stand out).
 */
async function expectEachJobDoneOnce(store: Store, accountId: string, jobIds: string[]): Promise<void> {
  const jobs = await store.db.selectFrom('jobs').selectAll().where('account_id', '=', accountId).execute();
  expect(jobs.map((job) => [job.status, job.work_pending, job.locked_by])).toEqual(
    jobIds.map(() => ['succeeded', 0, null]),
  );
  const outputs = await store.db
    .selectFrom('outputs')
    .selectAll()
    .where('account_id', '=', accountId)
    .execute();
  expect(outputs.map((output) => output.status)).toEqual(jobIds.map(() => 'succeeded'));
  const artifacts = await store.db
    .selectFrom('artifacts')
    .select(['output_id', 'position'])
    .where('account_id', '=', accountId)
    .execute();
  const artifactKeys = artifacts.map((a) => `${a.output_id}#${String(a.position)}`);
  expect(new Set(artifactKeys).size).toBe(artifactKeys.length);
  expect(new Set(artifacts.map((a) => a.output_id)).size).toBe(jobIds.length);
  const events = await store.db
    .selectFrom('events')
    .selectAll()
    .where('account_id', '=', accountId)
    .execute();
  const perObject = new Map<string, number>();
  for (const event of events) {
    const envelope = JSON.parse(event.payload) as { data: { object: { id: string } } };
    const key = `${event.type} ${envelope.data.object.id}`;
    perObject.set(key, (perObject.get(key) ?? 0) + 1);
  }
  expect([...perObject].filter(([, count]) => count > 1)).toEqual([]);
  const types = events.map((event) => event.type).sort();
  const once = ['job.processing', 'job.queued', 'job.succeeded', 'output.created'];
  expect(types).toEqual(once.flatMap((type) => jobIds.map(() => type)));
  const usage = await store.db
    .selectFrom('usage_records')
    .select(['job_id', 'unit', 'quantity'])
    .where('account_id', '=', accountId)
    .where('job_id', 'is not', null)
    // Storage accrues with time kept: a sweep that ran during a slow run bills it to some jobs.
    .where('unit', '!=', 'stored_gigabyte_days')
    .execute();
  const usageKeys = usage.map((u) => `${String(u.job_id)} ${u.unit}`);
  expect(new Set(usageKeys).size).toBe(usageKeys.length);
  const quantities = (jobId: string): string =>
    JSON.stringify(
      usage
        .filter((u) => u.job_id === jobId)
        .map((u) => [u.unit, Number(u.quantity)])
        .sort(),
    );
  expect(new Set(jobIds.map(quantities)).size).toBe(1);
}

describe('worker processes on PostgreSQL, killed and paused', () => {
  it(
    'lose no job, do nothing twice, and hand a killed worker’s jobs over within the lease bound',
    { timeout: 150_000 },
    async () => {
      const work = await prepare('kills');
      const { store, caller } = work;
      const receiver = await startReceiver();
      await work.service.createWebhookEndpoint(caller, {
        url: receiver.url,
        events: [
          'job.queued',
          'job.processing',
          'job.succeeded',
          'job.failed',
          'job.canceled',
          'output.created',
        ],
      });
      let serial = 0;
      const nextWorker = (): Promise<Worker> => work.startWorker(`kw${String((serial += 1))}`);
      const workers = await Promise.all(Array.from({ length: WORKERS }, nextWorker));
      let producing = true;
      const producer = (async () => {
        while (producing) {
          await work.createJob();
          await sleep(JOB_EVERY_MS);
        }
      })();
      const kills: Kill[] = [];
      const watcher = watchRecoveries(store, kills);
      for (let k = 0; k < KILLS; k += 1) {
        // Kill a worker that is running jobs now; a replacement starts before the next kill.
        const victim = await until(
          async () => {
            for (const worker of workers) if ((await work.heldBy(worker.id)).length > 0) return worker;
            return undefined;
          },
          30_000,
          'a worker with jobs',
        );
        victim.child.kill('SIGKILL');
        const killedAt = Date.now();
        await once(victim.child, 'exit');
        const stranded = await work.heldBy(victim.id);
        kills.push({ workerId: victim.id, killedAt, stranded: new Map(stranded.map((id) => [id, null])) });
        workers.splice(workers.indexOf(victim), 1, await nextWorker());
        await sleep(1000);
      }
      producing = false;
      await producer;
      await until(
        async () => {
          const open = await store.db
            .selectFrom('jobs')
            .select('id')
            .where('account_id', '=', caller.accountId)
            .where((eb) => eb.or([eb('status', '!=', 'succeeded'), eb('locked_by', 'is not', null)]))
            .executeTakeFirst();
          return open === undefined ? true : undefined;
        },
        60_000,
        'every job to succeed',
      );
      await until(
        async () => {
          const open = await store.db
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('status', 'not in', ['succeeded', 'dead_letter'])
            .executeTakeFirst();
          return open === undefined ? true : undefined;
        },
        30_000,
        'every webhook delivery to end',
      );
      await watcher.stop();
      for (const worker of workers) worker.child.kill('SIGKILL');

      await expectEachJobDoneOnce(store, caller.accountId, work.jobIds);

      // Recovery within the bound, from each kill, for every job the killed worker held.
      const recoveries = kills.flatMap((kill) =>
        [...kill.stranded.values()].map((resumedAt) => (resumedAt ?? Infinity) - kill.killedAt),
      );
      expect(recoveries.length).toBeGreaterThan(0);
      expect(Math.max(...recoveries)).toBeLessThanOrEqual(BOUND_MS + MARGIN_MS);

      // Every webhook the receiver saw is an attempt in the delivery record (a delivery's attempts
      // count every send, including one its worker was killed during).
      const deliveries = await store.db
        .selectFrom('webhook_deliveries')
        .select(['event_id', 'attempts', 'status'])
        .where('account_id', '=', caller.accountId)
        .execute();
      expect(deliveries).toHaveLength(work.jobIds.length * 4);
      expect(deliveries.every((d) => d.status === 'succeeded')).toBe(true);
      const seen = new Map<string, number>();
      for (const id of receiver.received) seen.set(id, (seen.get(id) ?? 0) + 1);
      const unrecorded = deliveries
        .filter((d) => (seen.get(d.event_id) ?? 0) > Number(d.attempts))
        .map((d) => `${d.event_id}: ${String(seen.get(d.event_id))} sent, ${String(d.attempts)} recorded`);
      expect(unrecorded).toEqual([]);
      expect([...seen.keys()].filter((id) => !deliveries.some((d) => d.event_id === id))).toEqual([]);
    },
  );

  it(
    'let a worker paused past its lease (SIGSTOP, as a long GC pause or a stuck disk) commit nothing when it resumes',
    { timeout: 120_000 },
    async () => {
      const work = await prepare('paused');
      const { store, caller } = work;
      // An endpoint, so that the events this test counts are stored (events.ts keeps delivered ones).
      await subscribeToEvents(work, ['job.queued', 'job.processing', 'job.succeeded', 'output.created']);
      const paused = await work.startWorker('paused');
      const first = await work.createJob();
      // Paused mid-extraction, holding the job: its lease runs out and another worker finishes it.
      await until(
        async () => ((await work.heldBy('paused')).includes(first) ? true : undefined),
        30_000,
        'the paused worker to claim the job',
      );
      // Paused between transactions: one left open would hold the job's row, and the rescuer's claim
      // (FOR UPDATE SKIP LOCKED) would pass it over until the paused process resumed.
      for (let attempt = 0; ; attempt += 1) {
        paused.child.kill('SIGSTOP');
        const free = await store.db
          .transaction()
          .execute(async (trx) =>
            trx
              .selectFrom('jobs')
              .select('id')
              .where('id', '=', first)
              .forUpdate()
              .skipLocked()
              .executeTakeFirst(),
          );
        if (free !== undefined) break;
        if (attempt === 100) throw new Error('the paused worker kept the job row locked');
        paused.child.kill('SIGCONT');
        await sleep(20);
      }
      const rescuer = await work.startWorker('rescuer');
      await until(
        async () => {
          const row = await store.db
            .selectFrom('jobs')
            .select(['status', 'locked_by'])
            .where('id', '=', first)
            .executeTakeFirstOrThrow();
          return row.status === 'succeeded' && row.locked_by === null ? true : undefined;
        },
        60_000,
        'the rescuer to finish the job and let it go',
      );
      rescuer.child.kill('SIGKILL');
      await once(rescuer.child, 'exit');
      // Resumed, the paused run finishes its extraction and tries to save a checkpoint, store the
      // document and end the job. Its process then runs a second job alone: once that is done,
      // whatever the stale run tried has long happened.
      paused.child.kill('SIGCONT');
      const second = await work.createJob();
      // Done means let go too: the success commits before the run releases the job's lease.
      await until(
        async () => {
          const row = await store.db
            .selectFrom('jobs')
            .select(['status', 'locked_by'])
            .where('id', '=', second)
            .executeTakeFirstOrThrow();
          return row.status === 'succeeded' && row.locked_by === null ? true : undefined;
        },
        60_000,
        'the resumed worker to finish a second job and let it go',
      );
      paused.child.kill('SIGKILL');

      await expectEachJobDoneOnce(store, caller.accountId, work.jobIds);
      const job = await store.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', first)
        .executeTakeFirstOrThrow();
      expect(job.attempts).toBe(2);
      // A checkpoint saved by the stale run would outlive the job's stored document.
      const checkpoints = await store.db.selectFrom('job_checkpoints').select('stage').execute();
      expect(checkpoints).toEqual([]);
    },
  );
});
