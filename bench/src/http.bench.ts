/*
 * HTTP layer, on SQLite and on PostgreSQL: server CPU time per request of getJob and createJob
 * (text source) through the full stack (createFetchHandler on node:http, auth, the store) against a
 * bare node:http handler answering the same JSON — each server in its own process, so only its CPU
 * is counted — and the end-to-end throughput and p50/p99 latency of small text jobs from createJob
 * to `succeeded` on one process (the service's defaults, two workers; after a warm-up).
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
const REQUESTS = 1000;
/** Alternating rounds of bare and full-stack requests: a drift of the VM's speed hits both. */
const ROUNDS = 5;
const CONCURRENCY = 8;
const E2E_JOBS = 300;
/** Jobs run end to end before the measured ones: the server's first jobs pay its code's first compile. */
const E2E_WARM_UP = 30;
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

/** Server CPU microseconds per request for {@link REQUESTS} requests made by `send` from `first` on. */
async function cpuPerRequest(
  server: Server,
  send: (i: number) => Promise<void>,
  first: number,
): Promise<number> {
  const before = await server.cpuMicros();
  await load(REQUESTS, CONCURRENCY, (i) => send(first + i));
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
  const runJob = async (key: string): Promise<number> => {
    const t0 = performance.now();
    const created = await fetch(`${base}/v1/jobs`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
      body: JOB_BODY,
    });
    const job = (await created.json()) as { id: string };
    for (;;) {
      const read = await fetch(`${base}/v1/jobs/${job.id}`, { headers: auth });
      const status = ((await read.json()) as { status: string }).status;
      if (status === 'succeeded') return performance.now() - t0;
      if (status === 'failed') throw new Error(`job ${job.id} failed`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  let seconds: number;
  try {
    await load(E2E_WARM_UP, E2E_IN_FLIGHT, (i) => runJob(`warm-up-${i}`).then(() => undefined));
    const started = performance.now();
    await load(E2E_JOBS, E2E_IN_FLIGHT, async (i) => {
      latencies.push(await runJob(`e2e-${i}`));
    });
    // Before the server stops: its shutdown is not the jobs' time.
    seconds = (performance.now() - started) / 1000;
  } finally {
    await server.stop();
  }
  latencies.sort((a, b) => a - b);
  return {
    jobsPerSecond: E2E_JOBS / seconds,
    p50: median(latencies),
    p99: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0,
  };
}

type Operation = 'getJob' | 'createJob';
const OPERATIONS: readonly Operation[] = ['getJob', 'createJob'];

interface Measured {
  ours: { getJob: number; createJob: number };
  baseline: { getJob: number; createJob: number };
  /** The lowest and highest of the rounds' own ratios (ours / bare), to read the ratio's noise. */
  roundRatios: Record<Operation, [number, number]>;
  e2e: { jobsPerSecond: number; p50: number; p99: number };
}

/**
 * Median server CPU per request of each operation on each server over {@link ROUNDS} rounds; in a
 * round each operation runs on both servers back to back, the first of the two alternating.
 */
async function cpuRounds(transmute: Server, bare: Server): Promise<Omit<Measured, 'e2e'>> {
  const t = requests(transmute);
  const b = requests(bare);
  for (const send of [t.getJob, t.createJob, b.getJob, b.createJob])
    await load(300, CONCURRENCY, (i) => send(-1 - i));
  const samples: Record<'ours' | 'baseline', Record<Operation, number[]>> = {
    ours: { getJob: [], createJob: [] },
    baseline: { getJob: [], createJob: [] },
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of OPERATIONS) {
      const first = round * REQUESTS;
      const pair = [
        async () => samples.ours[name].push(await cpuPerRequest(transmute, t[name], first)),
        async () => samples.baseline[name].push(await cpuPerRequest(bare, b[name], first)),
      ];
      if (round % 2 === 1) pair.reverse();
      for (const step of pair) await step();
    }
  }
  const medians = (of: Record<Operation, number[]>): Record<Operation, number> => ({
    getJob: median(of.getJob),
    createJob: median(of.createJob),
  });
  const range = (name: Operation): [number, number] => {
    const ratios = samples.ours[name].map((ours, round) => ours / (samples.baseline[name][round] ?? NaN));
    return [Math.min(...ratios), Math.max(...ratios)];
  };
  return {
    ours: medians(samples.ours),
    baseline: medians(samples.baseline),
    roundRatios: { getJob: range('getJob'), createJob: range('createJob') },
  };
}

async function measure(backend: Backend): Promise<Measured> {
  const transmute = await startServer(['transmute', 'no-workers', '{}', backend]);
  const bare = await startServer(['bare', 'no-workers', transmute.ready.jobJson]);
  try {
    const cpu = await cpuRounds(transmute, bare);
    await Promise.all([transmute.stop(), bare.stop()]);
    return { ...cpu, e2e: await endToEnd(backend) };
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
    const { ours, baseline, roundRatios, e2e } = await measure(backend);
    const ratio = (name: Operation): number => ours[name] / baseline[name];
    const spread = (name: Operation): string =>
      `${ratio(name).toFixed(2)}x (rounds ${roundRatios[name].map((r) => r.toFixed(2)).join('-')})`;
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
        detail: spread('getJob'),
      },
      {
        name: `${backend}: createJob server CPU within 3x of bare node:http`,
        pass: ratio('createJob') <= 3,
        detail: spread('createJob'),
      },
      {
        name: `${backend}: ≥ 150 small text jobs/s end to end with p99 ≤ 100 ms`,
        pass: e2e.jobsPerSecond >= 150 && e2e.p99 <= 100,
        detail: `${e2e.jobsPerSecond.toFixed(1)} jobs/s, p99 ${e2e.p99.toFixed(1)} ms`,
      },
    );
  }
  return {
    title: `HTTP: server CPU per request (median of ${ROUNDS} alternating rounds of ${REQUESTS} requests, ${CONCURRENCY} concurrent) and end-to-end text jobs`,
    columns: ['store', 'measure', 'bare node:http', 'transmute', 'ratio'],
    rows,
    checks,
    notes: [
      'CPU is the server process’s user+system time (process.cpuUsage) over the measured requests; the load generator runs in another process.',
      `Each round runs an operation on the bare server and on ours back to back (which goes first alternates), so a drift of the machine’s speed hits both; the figures are the medians of ${ROUNDS} rounds.`,
      'The bare handler answers the same Job JSON (and parses the createJob body); transmute adds auth (API key hash lookup), routing, validation, idempotency and the store.',
      'The CPU servers run no workers (workerConcurrency 0, no webhook dispatcher): created jobs stay queued, so createJob counts the request’s own cost (auth, validation, idempotency, the committed transaction), never a conversion.',
      `End-to-end: createJob then getJob polled every ${POLL_MS} ms until succeeded, ${E2E_IN_FLIGHT} jobs in flight, 2 in-process workers (latency resolution ±${POLL_MS} ms), after ${E2E_WARM_UP} jobs not counted (the server's first jobs pay its code's first compile).`,
    ],
  };
}

await runIfMain(import.meta.url, run);
