/*
 * The queue's own cost in one process (the service embedded, as a program or `transmute serve`
 * runs it), on SQLite and on PostgreSQL, against the engine alone in the same run:
 *
 * - per tiny job (text → `raw_source`, a two-paragraph note): one idle worker, one job at a time,
 *   createJob → `succeeded` (median of `BENCH_QUEUE_SAMPLES`, default 60); less the engine's own
 *   median for the same conversion, that is what the queue adds (insert, wake-up, claim and lease,
 *   stored document, artifact, usage, events, the end's commit). Target ≤ 10 ms.
 * - idle latency createJob → `succeeded`, p50 of the same samples. Target ≤ 30 ms.
 * - jobs/s and p50/p99 latency of `BENCH_QUEUE_JOBS` (default 300) tiny jobs, 16 in flight, 4
 *   workers. Target ≥ 150 jobs/s with p99 ≤ 100 ms.
 *
 * A job's end is seen through the store's `jobs` wake-up (its last commit lets go of the lease),
 * with a 20 ms poll behind it (one statement for all the jobs waited on), so the latency is not rounded up to a client's poll interval.
 *
 *   node --conditions=development --import tsx bench/src/queue.bench.ts
 */
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import type { Caller, Service } from '@transmute/service';
import { createJobEndWaiter } from './internal/job-end-waiter.js';
import { startTinyJobService, type QueueBackend } from './internal/tiny-job-service.js';
import { median, recordResults, runIfMain, type BenchCheck, type BenchReport } from './bench-report.js';

const SAMPLES = Number(process.env.BENCH_QUEUE_SAMPLES ?? 60);
const JOBS = Number(process.env.BENCH_QUEUE_JOBS ?? 300);
const IN_FLIGHT = 16;
const WORKERS = 4;

type Backend = QueueBackend;

/** The tiny job: a two-paragraph note rendered as `raw_source`. */
const tinyJob = (index: number) =>
  ({
    source: { type: 'text', content: `# Note ${String(index)}\n\nA tiny job.\n\nIts second paragraph.\n` },
    output: { profile: 'raw_source' },
  }) as const;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

interface Queue {
  service: Service;
  caller: Caller;
  /** Resolves when the job is `succeeded` (rejects when it failed). */
  done(jobId: string): Promise<void>;
  close(): Promise<void>;
}

async function openQueue(backend: Backend, workers: number): Promise<Queue> {
  const { service, store, caller, close } = await startTinyJobService(backend, workers);
  const waiter = createJobEndWaiter(store);
  return {
    service,
    caller,
    async done(jobId) {
      await waiter.ended(jobId);
      const job = await service.getJob(caller, jobId);
      if (job.status !== 'succeeded') throw new Error(`job ${jobId} ${job.status}`);
    },
    async close() {
      waiter.close();
      await close();
    },
  };
}

const RAW_SOURCE = {
  profile: 'raw_source',
  format: 'markdown',
  language: 'en',
  includeRawSource: false,
} as const;

/**
 * One job at a time, one idle worker: each sample runs the conversion on the engine alone (in this
 * process: no store, no queue, no blobs), then createJob → `succeeded` of the same job, so both see
 * the machine's load of that moment; after a warm-up of 10.
 */
async function oneAtATime(backend: Backend): Promise<{ engine: number[]; queue: number[] }> {
  const engine = createEngine({ plugins: [createDatasetRenderer()] });
  const queue = await openQueue(backend, 1);
  try {
    const samples = { engine: [] as number[], queue: [] as number[] };
    for (let index = 0; index < SAMPLES + 10; index += 1) {
      const alone = performance.now();
      await engine.convert(tinyJob(index).source, RAW_SOURCE);
      const started = performance.now();
      const job = await queue.service.createJob(queue.caller, tinyJob(index));
      await queue.done(job.id);
      if (index >= 10) {
        samples.engine.push(started - alone);
        samples.queue.push(performance.now() - started);
      }
      // Idle between jobs: the next one is an idle worker's wake-up, not a busy loop's.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return samples;
  } finally {
    await queue.close();
    await engine.close();
  }
}

/** `JOBS` tiny jobs, `IN_FLIGHT` at once, `WORKERS` workers: jobs/s and each job's latency. */
async function throughput(backend: Backend): Promise<{ perSecond: number; latencies: number[] }> {
  const queue = await openQueue(backend, WORKERS);
  try {
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < JOBS) {
          const index = next++;
          const t0 = performance.now();
          const job = await queue.service.createJob(queue.caller, tinyJob(index));
          await queue.done(job.id);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return { perSecond: JOBS / ((performance.now() - started) / 1000), latencies };
  } finally {
    await queue.close();
  }
}

/** Runs the queue benchmark (see the file comment). */
export async function run(): Promise<BenchReport> {
  const rows: (string | number)[][] = [];
  const checks: BenchCheck[] = [];
  for (const backend of ['sqlite', 'postgres'] as const) {
    const serial = await oneAtATime(backend);
    const engineMs = median(serial.engine);
    const p50 = median(serial.queue);
    const overhead = p50 - engineMs;
    const load = await throughput(backend);
    const p99 = percentile(load.latencies, 0.99);
    rows.push(
      [backend, 'engine alone per tiny job, ms (p50, in process)', engineMs.toFixed(1), '', ''],
      [
        backend,
        'queue overhead per tiny job, ms (p50 less the engine alone)',
        overhead.toFixed(1),
        '10',
        (overhead / 10).toFixed(2),
      ],
      [backend, 'idle createJob → succeeded p50, ms', p50.toFixed(1), '30', (p50 / 30).toFixed(2)],
      [
        backend,
        `jobs/s, ${String(IN_FLIGHT)} in flight, ${String(WORKERS)} workers`,
        load.perSecond.toFixed(1),
        '150',
        (150 / load.perSecond).toFixed(2),
      ],
      [backend, 'end-to-end latency p50, ms', median(load.latencies).toFixed(1), '', ''],
      [backend, 'end-to-end latency p99, ms', p99.toFixed(1), '100', (p99 / 100).toFixed(2)],
    );
    checks.push(
      {
        name: `${backend}: queue adds ≤ 10 ms per tiny job`,
        pass: overhead <= 10,
        detail: `${overhead.toFixed(1)} ms`,
      },
      {
        name: `${backend}: idle createJob → succeeded p50 ≤ 30 ms`,
        pass: p50 <= 30,
        detail: `${p50.toFixed(1)} ms`,
      },
      {
        name: `${backend}: ≥ 150 tiny jobs/s with p99 ≤ 100 ms`,
        pass: load.perSecond >= 150 && p99 <= 100,
        detail: `${load.perSecond.toFixed(1)} jobs/s, p99 ${p99.toFixed(1)} ms`,
      },
    );
  }
  return recordResults('queue', {
    title: `The queue in one process: tiny jobs on SQLite and PostgreSQL (${String(SAMPLES)} samples, ${String(JOBS)} jobs)`,
    columns: ['store', 'measure', 'value', 'target', 'value / target (≤ 1 passes)'],
    rows,
    checks,
    notes: [
      'jobs/s: the ratio column is target / value (≤ 1 passes), so every ratio reads the same way.',
      'The machine is shared: compare runs on the same machine, and read the load average beside them.',
    ],
  });
}

await runIfMain(import.meta.url, run);
