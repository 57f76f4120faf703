/*
 * Profiling aid for issue 27: what bounds http.bench.ts's end-to-end row (small text jobs through
 * HTTP, createJob then getJob polled until `succeeded`, in one server process). Runs the row's load
 * with other worker counts, poll intervals and jobs in flight, and reports beside jobs/s and
 * p50/p99 the server process's CPU per job and per second (1000 ms/s is one core: the bound of
 * one Node process) and the getJob polls each job took.
 *
 *   node --conditions=development --import tsx bench/src/internal/http-e2e-bounds.ts postgres \
 *     2:20:8 4:20:8 2:5:8 4:5:16      # workers:poll ms:in flight
 *
 * BENCH_HTTP_CPU_PROF=<dir>: the server runs under `--cpu-prof` (every 100 µs) into that directory,
 * and `window` is the measured jobs' span on the profile's clock (µs), for profile-summary.ts.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median } from '../bench-report.js';
import type { ChildMessage } from './http-bench-server.js';
import { closedLoop, percentile } from './job-load.js';

const SERVER = fileURLToPath(new URL('./http-bench-server.ts', import.meta.url));
const backend = process.argv[2] === 'sqlite' ? 'sqlite' : 'postgres';
const shapes = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['2:20:8'];
const JOBS = Number(process.env.BENCH_HTTP_E2E_JOBS ?? 200);
const PROFILE_DIR = process.env.BENCH_HTTP_CPU_PROF;
const BODY = JSON.stringify({
  source: { type: 'text', content: 'Hello bench. A small text job.' },
  output: { profile: 'raw_source' },
});

for (const shape of shapes) {
  const [workers = 2, pollMs = 20, inFlight = 8] = shape.split(':').map(Number);
  const child = fork(SERVER, ['transmute', 'workers', '{}', backend], {
    execArgv: [
      '--conditions=development',
      '--import',
      'tsx',
      ...(PROFILE_DIR === undefined
        ? []
        : ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${PROFILE_DIR}`]),
    ],
    env: { ...process.env, BENCH_HTTP_WORKERS: String(workers) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await once(child, 'message')) as [Extract<ChildMessage, { type: 'ready' }>];
  const cpu = async (): Promise<number> => {
    const reply = once(child, 'message') as Promise<[Extract<ChildMessage, { type: 'cpu' }>]>;
    child.send({ type: 'cpu' });
    return (await reply)[0].micros / 1000;
  };
  const base = `http://127.0.0.1:${ready.port}`;
  const auth = { authorization: `Bearer ${ready.apiKey}` };
  let polls = 0;
  const runJob = async (index: number): Promise<void> => {
    const created = await fetch(`${base}/v1/jobs`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `e2e-${shape}-${index}` },
      body: BODY,
    });
    const job = (await created.json()) as { id: string };
    for (;;) {
      const read = await fetch(`${base}/v1/jobs/${job.id}`, { headers: auth });
      polls += 1;
      const status = ((await read.json()) as { status: string }).status;
      if (status === 'succeeded') return;
      if (status === 'failed') throw new Error(`job ${job.id} failed`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };
  await closedLoop(30, inFlight, (index) => runJob(-1 - index)); // warm-up
  polls = 0;
  const cpu0 = await cpu();
  const t0 = performance.now();
  // The monotonic clock V8's profile timestamps count in: the window to read a profile over.
  const from = process.hrtime.bigint() / 1000n;
  const result = await closedLoop(JOBS, inFlight, runJob);
  const to = process.hrtime.bigint() / 1000n;
  const seconds = (performance.now() - t0) / 1000;
  const serverMs = (await cpu()) - cpu0;
  console.log(
    JSON.stringify({
      backend,
      workers,
      pollMs,
      inFlight,
      perSecond: +result.perSecond.toFixed(1),
      p50: +median(result.latencies).toFixed(1),
      p99: +percentile(result.latencies, 0.99).toFixed(1),
      pollsPerJob: +(polls / JOBS).toFixed(2),
      serverCpuMsPerJob: +(serverMs / JOBS).toFixed(2),
      serverCpuMsPerSecond: Math.round(serverMs / seconds),
      loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
      window: `${String(from)} ${String(to)}`,
    }),
  );
  const exited = once(child, 'exit');
  child.send({ type: 'stop' });
  await exited;
}
