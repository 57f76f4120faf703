/*
 * Profiles the HTTP bench's server (http-bench-server.ts) for one operation: the server runs in
 * its own process under `node --cpu-prof` (every 50 µs; the engine's worker threads write their
 * own files beside it), this process sends the requests as http.bench.ts does, 8 at a time.
 *
 *   http-profile.ts sqlite|postgres getJob|createJob|idle <requests, or ms for idle> <profile dir, or - for none> [transmute|bare]
 *
 * Prints the server's CPU µs per request over the measured requests (after a warm-up) and their
 * window on the monotonic clock the profile's timestamps count in, to read the profile over it
 * alone (module loading and teardown left out). V8 samples wall time on the main thread, so under
 * load a function's share also counts the time the thread waited to be scheduled in it.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from './http-bench-server.js';

const [backend = 'sqlite', operation = 'getJob', countArg = '3000', dir = '/tmp', mode = 'transmute'] =
  process.argv.slice(2);
const COUNT = Number(countArg);
const CONCURRENCY = 8;
const SERVER = fileURLToPath(
  new URL(`./http-bench-server.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
);
const BODY = JSON.stringify({
  source: { type: 'text', content: 'Hello bench. A small text job.' },
  output: { profile: 'raw_source' },
});

// The bare server answers a job of the size getJob answers.
const JOB_JSON = JSON.stringify({
  id: 'job_0123456789abcdefghij',
  object: 'job',
  status: 'queued',
  padding: 'x'.repeat(560),
});
const child = fork(SERVER, [mode, 'no-workers', JOB_JSON, backend], {
  execArgv: [
    ...(SERVER.endsWith('.ts') ? ['--conditions=development', '--import', 'tsx'] : []),
    ...(dir === '-' ? [] : ['--cpu-prof', '--cpu-prof-interval=50', `--cpu-prof-dir=${dir}`]),
  ],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const [ready] = (await once(child, 'message')) as [Extract<ChildMessage, { type: 'ready' }>];
const base = `http://127.0.0.1:${ready.port}`;
const auth = { authorization: `Bearer ${ready.apiKey}` };

async function send(i: number): Promise<void> {
  const response =
    operation === 'getJob'
      ? await fetch(`${base}/v1/jobs/${ready.jobId}`, { headers: auth })
      : await fetch(`${base}/v1/jobs`, {
          method: 'POST',
          headers: {
            ...auth,
            'content-type': 'application/json',
            'idempotency-key': `p-${i}-${Math.random()}`,
          },
          body: BODY,
        });
  if (response.status >= 300) throw new Error(`${operation} answered ${response.status}`);
  await response.arrayBuffer();
}

async function load(count: number): Promise<void> {
  // `idle`: no requests, `count` ms of waiting (what the server spends doing nothing).
  if (operation === 'idle') return new Promise((resolve) => setTimeout(resolve, count));
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await send(next++);
    }),
  );
}

async function cpu(): Promise<number> {
  const reply = once(child, 'message') as Promise<[Extract<ChildMessage, { type: 'cpu' }>]>;
  child.send({ type: 'cpu' });
  return (await reply)[0].micros;
}

await load(500);
const before = await cpu();
// The monotonic clock V8's profile timestamps count in: the window to read the profile over.
const from = process.hrtime.bigint() / 1000n;
await load(COUNT);
const to = process.hrtime.bigint() / 1000n;
const micros = ((await cpu()) - before) / COUNT;
console.log(
  `${mode} ${backend} ${operation}: ${micros.toFixed(1)} µs CPU per request (window ${from} ${to})`,
);
const exited = once(child, 'exit');
child.send({ type: 'stop' });
await exited;
