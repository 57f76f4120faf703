/*
 * Scale-out on PostgreSQL: tiny jobs per second with 1, 2 and 4 worker processes, and what the
 * queue costs per job. `BENCH_SCALE_JOBS` (default 300) text jobs (`raw_source` of a two-paragraph
 * note) are queued up front for an enterprise account (64 at once, so the plan never holds work
 * back); then the worker processes start (`kill-bench-worker.ts`: the service's defaults, two jobs
 * each) and the clock runs from the first worker being ready until every job has succeeded.
 *
 * Queue overhead per job: one worker process running one job at once works through the jobs
 * serially; its wall time per job minus the engine's own time for the same conversion (in one
 * process, no store, no blobs) is what the queue adds: the claim and lease, the job's rows, the
 * stored document and artifact, the events, and the wake-up of the next claim. Also the latency of
 * one job created while the workers are idle (create → succeeded), median of 10.
 * No targets: numbers to compare between runs on the same machine (README: "Measured: scale-out").
 *
 *   node --conditions=development --import tsx bench/src/scale-out.bench.ts
 *   BENCH_SCALE_JOBS=300 TRANSMUTE_BENCH_POSTGRES_URL=postgres://…
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createPostgresStore } from '@transmute/postgres';
import { createFsBlobStore, createService, type Service } from '@transmute/service';
import { median, runIfMain, recordResults, type BenchReport } from './bench-report.js';

const CONNECTION = process.env.TRANSMUTE_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WORKER = fileURLToPath(new URL('./internal/kill-bench-worker.ts', import.meta.url));
const JOBS = Number(process.env.BENCH_SCALE_JOBS ?? 300);
const WORKER_COUNTS = [1, 2, 4];
const LATENCY_SAMPLES = 10;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The tiny job: a two-paragraph note rendered as `raw_source`. */
const tinyJob = (index: number) =>
  ({
    source: { type: 'text', content: `# Note ${String(index)}\n\nA tiny job.\n\nIts second paragraph.\n` },
    output: { profile: 'raw_source' },
  }) as const;

function startWorker(
  schema: string,
  id: string,
  blobDir: string,
  concurrency: number,
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=development',
      '--import',
      'tsx',
      WORKER,
      CONNECTION,
      schema,
      id,
      blobDir,
      String(concurrency),
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] }, // its job log lines (stderr) would drown the tables
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`worker ${id} exited (${String(code)})`));
    });
  });
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: CONNECTION });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** A schema of its own, a queue-only service (no workers) and an enterprise account. */
async function openQueue(): Promise<{
  service: Service;
  schema: string;
  blobDir: string;
  count: (status: string) => Promise<number>;
  caller: { accountId: string; requestId: string };
  close: () => Promise<void>;
}> {
  const schema = `bench_scale_${randomBytes(4).toString('hex')}`;
  const blobDir = mkdtempSync(join(tmpdir(), 'transmute-scale-bench-'));
  const store = await createPostgresStore({ connectionString: CONNECTION, schema });
  const service = createService({
    store,
    blobs: await createFsBlobStore({ root: blobDir }),
    engine: createEngine({ plugins: [] }),
    config: {
      baseUrl: 'http://127.0.0.1:1',
      signingSecret: 'worker-kills-bench',
      workerConcurrency: 0,
      webhooks: { enabled: false },
    },
  });
  const { account } = await service.admin.createAccount({ plan: 'enterprise' });
  return {
    service,
    schema,
    blobDir,
    caller: { accountId: account.id, requestId: 'req_bench' },
    count: async (status) =>
      Number(
        (
          await store.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', status)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    async close() {
      await store.close();
      await dropSchema(schema);
      rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

/** Queues the jobs, starts `workers` processes, returns seconds until all succeeded. */
async function drain(workers: number, concurrency: number, jobs: number): Promise<number> {
  const queue = await openQueue();
  const children: ChildProcess[] = [];
  try {
    for (let index = 0; index < jobs; index += 1) await queue.service.createJob(queue.caller, tinyJob(index));
    const ids = Array.from({ length: workers }, (_, n) => `scale-w${String(n + 1)}`);
    children.push(
      ...(await Promise.all(ids.map((id) => startWorker(queue.schema, id, queue.blobDir, concurrency)))),
    );
    const started = performance.now();
    while ((await queue.count('succeeded')) < jobs) {
      if ((await queue.count('failed')) > 0) throw new Error('a tiny job failed');
      await sleep(50);
    }
    return (performance.now() - started) / 1000;
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await sleep(300);
    await queue.close();
  }
}

/** Median ms from createJob to `succeeded` of one job at a time, one idle worker waiting. */
async function idleLatency(): Promise<number> {
  const queue = await openQueue();
  const worker = await startWorker(queue.schema, 'scale-latency', queue.blobDir, 1);
  try {
    const samples: number[] = [];
    for (let index = 0; index < LATENCY_SAMPLES; index += 1) {
      const started = performance.now();
      const job = await queue.service.createJob(queue.caller, tinyJob(index));
      while ((await queue.service.getJob(queue.caller, job.id)).status !== 'succeeded') await sleep(5);
      samples.push(performance.now() - started);
    }
    return median(samples);
  } finally {
    worker.kill('SIGKILL');
    await sleep(300);
    await queue.close();
  }
}

/** The engine's own ms per tiny job, in this process (no store, no queue, no blobs). */
async function engineOnly(jobs: number): Promise<number> {
  const engine = createEngine({ plugins: [createDatasetRenderer()] });
  const output = {
    profile: 'raw_source',
    format: 'markdown',
    language: 'en',
    includeRawSource: false,
  } as const;
  for (let index = 0; index < 20; index += 1) await engine.convert(tinyJob(index).source, output);
  const started = performance.now();
  for (let index = 0; index < jobs; index += 1) await engine.convert(tinyJob(index).source, output);
  const ms = (performance.now() - started) / jobs;
  await engine.close();
  return ms;
}

export async function run(): Promise<BenchReport> {
  const rows: (string | number)[][] = [];
  let single = 0;
  for (const workers of WORKER_COUNTS) {
    const seconds = await drain(workers, 2, JOBS);
    const perSecond = JOBS / seconds;
    if (workers === 1) single = perSecond;
    rows.push([
      workers,
      workers * 2,
      JOBS,
      seconds.toFixed(1),
      perSecond.toFixed(1),
      `${(perSecond / single).toFixed(2)}×`,
    ]);
  }
  const serialSeconds = await drain(1, 1, Math.min(JOBS, 100));
  const serialMs = (serialSeconds * 1000) / Math.min(JOBS, 100);
  const engineMs = await engineOnly(Math.min(JOBS, 100));
  const latencyMs = await idleLatency();
  return recordResults('scale-out', {
    title: `Tiny jobs per second on PostgreSQL (${String(JOBS)} queued; ${String(availableParallelism())} cores)`,
    columns: ['worker processes', 'jobs at once', 'jobs', 'seconds', 'jobs/s', 'speed-up'],
    rows,
    tables: [
      {
        title: 'What the queue costs per tiny job (one worker process, one job at a time)',
        columns: ['measure', 'ms'],
        rows: [
          ['wall time per job through the queue', serialMs.toFixed(1)],
          ['engine alone (same conversion, in process)', engineMs.toFixed(1)],
          ['queue overhead per job (difference)', (serialMs - engineMs).toFixed(1)],
          [
            `idle latency, createJob → succeeded (median of ${String(LATENCY_SAMPLES)})`,
            latencyMs.toFixed(1),
          ],
        ],
      },
    ],
    notes: [
      'Worker processes share the machine with PostgreSQL and this process: past the core count, more workers add contention, not throughput.',
    ],
  });
}

await runIfMain(import.meta.url, run);
