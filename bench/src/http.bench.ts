/*
 * HTTP layer, on SQLite and on PostgreSQL: server CPU time per request of getJob and createJob
 * (text source) through the full stack (createFetchHandler on node:http, auth, the store) against a
 * bare node:http handler answering the same JSON — each server in its own process, so only its CPU
 * is counted — and the end-to-end throughput and p50/p99 latency of small text jobs from createJob
 * to `succeeded` on one process (the service's defaults, two workers).
 * Targets (issue 27): createJob ≤ 3× and getJob ≤ 1.5× the bare handler's CPU; ≥ 150 jobs/s end to
 * end with p99 ≤ 100 ms.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { median, runIfMain, type BenchCheck, type BenchReport } from './bench-report.js';
import type { ChildMessage } from './internal/http-bench-server.js';

const SERVER = fileURLToPath(
  new URL(`./internal/http-bench-server.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
);
const REQUESTS = 2000;
const CONCURRENCY = 8;
const E2E_JOBS = 100;
const E2E_IN_FLIGHT = 8;
const POLL_MS = 20;
const JOB_BODY = JSON.stringify({
  source: { type: 'text', content: 'Hello bench. A small text job.' },
  output: { profile: 'raw_source' },
});

interface Server {
  child: ChildProcess;
  ready: Extract<ChildMessage, { type: 'ready' }>;
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

async function startServer(args: string[]): Promise<Server> {
  const child = fork(SERVER, args, {
    execArgv: SERVER.endsWith('.ts') ? ['--conditions=development', '--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await once(child, 'message')) as [Extract<ChildMessage, { type: 'ready' }>];
  return {
    child,
    ready,
    async cpuMicros() {
      const reply = once(child, 'message') as Promise<[Extract<ChildMessage, { type: 'cpu' }>]>;
      child.send({ type: 'cpu' });
      return (await reply)[0].micros;
    },
    async stop() {
      const exited = once(child, 'exit');
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

async function load(count: number, concurrency: number, send: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(next++);
    }),
  );
}

/** Server CPU microseconds per request for `count` requests made by `send`, after a warm-up. */
async function cpuPerRequest(server: Server, send: (i: number) => Promise<void>): Promise<number> {
  await load(300, CONCURRENCY, (i) => send(-1 - i));
  const before = await server.cpuMicros();
  await load(REQUESTS, CONCURRENCY, send);
  return ((await server.cpuMicros()) - before) / REQUESTS;
}

function requests(server: Server): {
  getJob: (i: number) => Promise<void>;
  createJob: (i: number) => Promise<void>;
} {
  const base = `http://127.0.0.1:${server.ready.port}`;
  const auth = { authorization: `Bearer ${server.ready.apiKey}` };
  return {
    getJob: async () => {
      const response = await fetch(`${base}/v1/jobs/${server.ready.jobId}`, { headers: auth });
      if (response.status !== 200) throw new Error(`getJob answered ${response.status}`);
      await response.arrayBuffer();
    },
    createJob: async (i) => {
      const response = await fetch(`${base}/v1/jobs`, {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': 'application/json',
          'idempotency-key': `bench-${process.pid}-${i}-${Math.random()}`,
        },
        body: JOB_BODY,
      });
      if (response.status !== 201)
        throw new Error(`createJob answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    },
  };
}

type Backend = 'sqlite' | 'postgres';

async function endToEnd(backend: Backend): Promise<{ jobsPerSecond: number; p50: number; p99: number }> {
  const server = await startServer(['transmute', 'workers', '{}', backend]);
  const base = `http://127.0.0.1:${server.ready.port}`;
  const auth = { authorization: `Bearer ${server.ready.apiKey}` };
  const latencies: number[] = [];
  const started = performance.now();
  try {
    await load(E2E_JOBS, E2E_IN_FLIGHT, async (i) => {
      const t0 = performance.now();
      const created = await fetch(`${base}/v1/jobs`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `e2e-${i}` },
        body: JOB_BODY,
      });
      const job = (await created.json()) as { id: string };
      for (;;) {
        const read = await fetch(`${base}/v1/jobs/${job.id}`, { headers: auth });
        const status = ((await read.json()) as { status: string }).status;
        if (status === 'succeeded') break;
        if (status === 'failed') throw new Error(`job ${job.id} failed`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      latencies.push(performance.now() - t0);
    });
  } finally {
    await server.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    jobsPerSecond: E2E_JOBS / seconds,
    p50: median(latencies),
    p99: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0,
  };
}

interface Measured {
  ours: { getJob: number; createJob: number };
  baseline: { getJob: number; createJob: number };
  e2e: { jobsPerSecond: number; p50: number; p99: number };
}

async function measure(backend: Backend): Promise<Measured> {
  const transmute = await startServer(['transmute', 'no-workers', '{}', backend]);
  const bare = await startServer(['bare', 'no-workers', transmute.ready.jobJson]);
  try {
    const t = requests(transmute);
    const b = requests(bare);
    const baseline = {
      getJob: await cpuPerRequest(bare, b.getJob),
      createJob: await cpuPerRequest(bare, b.createJob),
    };
    const ours = {
      getJob: await cpuPerRequest(transmute, t.getJob),
      createJob: await cpuPerRequest(transmute, t.createJob),
    };
    await Promise.all([transmute.stop(), bare.stop()]);
    return { ours, baseline, e2e: await endToEnd(backend) };
  } catch (error) {
    await Promise.all([transmute.stop(), bare.stop()]).catch(() => undefined);
    throw error;
  }
}

/** Runs the HTTP benchmark (see the file comment). */
export async function run(): Promise<BenchReport> {
  const rows: (string | number)[][] = [];
  const checks: BenchCheck[] = [];
  for (const backend of ['sqlite', 'postgres'] as const) {
    const { ours, baseline, e2e } = await measure(backend);
    const ratio = (name: 'getJob' | 'createJob'): number => ours[name] / baseline[name];
    rows.push(
      [
        backend,
        'getJob CPU µs/request',
        baseline.getJob.toFixed(1),
        ours.getJob.toFixed(1),
        ratio('getJob').toFixed(2),
      ],
      [
        backend,
        'createJob (text) CPU µs/request',
        baseline.createJob.toFixed(1),
        ours.createJob.toFixed(1),
        ratio('createJob').toFixed(2),
      ],
      [
        backend,
        `end-to-end jobs/s (${E2E_JOBS} small text jobs, 1 process)`,
        '',
        e2e.jobsPerSecond.toFixed(1),
        '',
      ],
      [backend, 'end-to-end latency p50 ms', '', e2e.p50.toFixed(1), ''],
      [backend, 'end-to-end latency p99 ms', '', e2e.p99.toFixed(1), ''],
    );
    checks.push(
      {
        name: `${backend}: getJob server CPU within 1.5x of bare node:http`,
        pass: ratio('getJob') <= 1.5,
        detail: `${ratio('getJob').toFixed(2)}x`,
      },
      {
        name: `${backend}: createJob server CPU within 3x of bare node:http`,
        pass: ratio('createJob') <= 3,
        detail: `${ratio('createJob').toFixed(2)}x`,
      },
      {
        name: `${backend}: ≥ 150 small text jobs/s end to end with p99 ≤ 100 ms`,
        pass: e2e.jobsPerSecond >= 150 && e2e.p99 <= 100,
        detail: `${e2e.jobsPerSecond.toFixed(1)} jobs/s, p99 ${e2e.p99.toFixed(1)} ms`,
      },
    );
  }
  return {
    title: `HTTP: server CPU per request (${REQUESTS} requests, ${CONCURRENCY} concurrent) and end-to-end text jobs`,
    columns: ['store', 'measure', 'bare node:http', 'transmute', 'ratio'],
    rows,
    checks,
    notes: [
      'CPU is the server process’s user+system time (process.cpuUsage) over the measured requests; the load generator runs in another process.',
      'The bare handler answers the same Job JSON (and parses the createJob body); transmute adds auth (API key hash lookup), routing, validation, idempotency and the store.',
      'The CPU servers run no workers (workerConcurrency 0, no webhook dispatcher): created jobs stay queued, so createJob counts the request’s own cost (auth, validation, idempotency, the committed transaction), never a conversion.',
      `End-to-end: createJob then getJob polled every ${POLL_MS} ms until succeeded, ${E2E_IN_FLIGHT} jobs in flight, 2 in-process workers (latency resolution ±${POLL_MS} ms).`,
    ],
  };
}

await runIfMain(import.meta.url, run);
