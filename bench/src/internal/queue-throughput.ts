/*
 * Profiling aid for issue 27: the queue bench's throughput phase alone (N tiny jobs, 16 in flight,
 * or offered at QUEUE_RATE a second; 4 workers, one process), with the CPU it costs per job: this process's (user + system) and, on
 * PostgreSQL, the server backends' serving it (read from /proc by the pids pg_stat_activity gives
 * for this run's application_name). CPU per job is less swayed by a loaded machine than jobs/s.
 *
 *   node --conditions=development --import tsx bench/src/internal/queue-throughput.ts postgres 600
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';

const kind = process.argv[2] === 'sqlite' ? 'sqlite' : 'postgres';
const count = Number(process.argv[3] ?? 300);
const IN_FLIGHT = 16;
const WORKERS = 4;
const appName = `queue_throughput_${String(process.pid)}`;
if (kind === 'postgres') {
  const url = new URL(process.env.TRANSMUTE_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.searchParams.set('application_name', appName);
  process.env.TRANSMUTE_BENCH_POSTGRES_URL = url.toString();
}
// Imported after the URL is set: the bench's connection string is read when its module loads.
const { startTinyJobService } = await import('./tiny-job-service.js');
const { createJobEndWaiter } = await import('./job-end-waiter.js');
const { closedLoop, openLoop, percentile } = await import('./job-load.js');

// QUEUE_STATEMENTS=1: each kind of statement's round trips, summed per job (a lock's wait shows here).
const byStatement = new Map<string, { count: number; ms: number }>();
let counting = false;
// Round trips: a statement sent while its connection had none unanswered (pipelined statements
// sent behind it share its wait), the bench's own reads left out.
const unanswered = new WeakMap<object, number>();
let roundTrips = 0;
if (process.env.QUEUE_STATEMENTS === '1') {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: unknown }).query = function (
    this: unknown,
    ...args: unknown[]
  ) {
    const first = args[0] as string | { text: string };
    const text = (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').slice(0, 110);
    const at = performance.now();
    const raw = original.apply(this, args);
    // A query object (the store's named statements) answers through its callback, not a promise.
    const result = isSubmitted(first) ? settledBy(first) : raw;
    const client = this as object;
    const before = unanswered.get(client) ?? 0;
    if (counting && before === 0 && !isBenchRead(text)) roundTrips += 1;
    unanswered.set(client, before + 1);
    if (result instanceof Promise)
      void result
        .finally(() => unanswered.set(client, (unanswered.get(client) ?? 1) - 1))
        .catch(() => undefined);
    if (counting && result instanceof Promise)
      void result.then(
        () => {
          const entry = byStatement.get(text) ?? { count: 0, ms: 0 };
          entry.count += 1;
          entry.ms += performance.now() - at;
          byStatement.set(text, entry);
        },
        () => undefined,
      );
    return result;
  };
}

type Submitted = { submit: unknown; callback: (error: Error | null, result?: unknown) => void };

function isSubmitted(query: unknown): query is Submitted {
  const candidate = query as Partial<Submitted> | null;
  return typeof candidate?.submit === 'function' && typeof candidate.callback === 'function';
}

/** A promise settled when the query object's callback is called (pg reads it after the query call). */
function settledBy(query: Submitted): Promise<unknown> {
  const callback = query.callback;
  return new Promise((resolve, reject) => {
    query.callback = (error, result) => {
      if (error === null) resolve(result);
      else reject(error);
      callback(error, result);
    };
  });
}

/** The bench's own reads (the job-end waiter's, this script's pid lookup), not the queue's. */
function isBenchRead(text: string): boolean {
  return (
    text.startsWith('select "id", "status" from "jobs" where "id" in') || text.includes('pg_stat_activity')
  );
}

const { service, store, caller, close } = await startTinyJobService(kind, WORKERS);

const TICK_MS = 10; // USER_HZ = 100 on Linux
async function serverCpuMs(): Promise<number> {
  if (kind !== 'postgres') return 0;
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [appName],
    );
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const fields =
          readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
            .split(') ')[1]
            ?.split(' ') ?? [];
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // gone
      }
    }
    return ticks * TICK_MS;
  } finally {
    await client.end();
  }
}

const waiter = createJobEndWaiter(store);

// QUEUE_ACCOUNTS=4: the jobs spread over that many accounts in turn (one by default, as the bench
// runs): what one account's serialized sections (createJob's quota lock, the claims' lock) cost.
const callers = [caller];
for (let n = 1; n < Number(process.env.QUEUE_ACCOUNTS ?? 1); n++) {
  const { account } = await service.admin.createAccount({ plan: 'enterprise' });
  callers.push({ ...caller, accountId: account.id });
}

const runJob = async (index: number): Promise<void> => {
  const job = await service.createJob(callers[index % callers.length] ?? caller, {
    source: { type: 'text', content: `# Note ${String(index)}\n\nA tiny job.\n\nIts second paragraph.\n` },
    output: { profile: 'raw_source' },
  });
  await waiter.ended(job.id);
};

// QUEUE_RATE=150: jobs offered in an open loop at that rate (count / rate seconds), as the bench's target does.
const rate = Number(process.env.QUEUE_RATE ?? 0);
const batch = async (jobs: number): Promise<number[]> =>
  (rate > 0 ? await openLoop(rate, jobs / rate, runJob) : await closedLoop(jobs, IN_FLIGHT, runJob))
    .latencies;

await batch(50); // warm-up
const server0 = await serverCpuMs();
const cpu0 = process.cpuUsage();
const elu0 = performance.eventLoopUtilization();
counting = true;
// Where a tail could come from: the event loop's stalls and the garbage collector's pauses.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const gc = { count: 0, ms: 0, longest: 0 };
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count += 1;
    gc.ms += entry.duration;
    gc.longest = Math.max(gc.longest, entry.duration);
  }
});
gcObserver.observe({ entryTypes: ['gc'] });
const t0 = performance.now();
const window0 = process.hrtime.bigint();
const latencies = await batch(count);
const wall = performance.now() - t0;
// The measured part's bounds on the monotonic clock in µs, as a --cpu-prof profile's timestamps are.
const window = [window0, process.hrtime.bigint()].map((ns) => String(ns / 1000n)).join(' ');
loopDelay.disable();
gcObserver.disconnect();
const cpu = process.cpuUsage(cpu0);
const server = (await serverCpuMs()) - server0;
const pct = (p: number): number => percentile(latencies, p);
const elu = performance.eventLoopUtilization(elu0);
console.log(
  JSON.stringify({
    kind,
    load:
      rate > 0 ? `open loop, ${String(rate)} jobs/s offered` : `closed loop, ${String(IN_FLIGHT)} in flight`,
    jobs: count,
    perSecond: +(count / (wall / 1000)).toFixed(1),
    p50: +pct(0.5).toFixed(1),
    p99: +pct(0.99).toFixed(1),
    nodeCpuPerJob: +((cpu.user + cpu.system) / 1000 / count).toFixed(2),
    serverCpuPerJob: +(server / count).toFixed(2),
    elu: +elu.utilization.toFixed(2),
    loopDelayP99: +(loopDelay.percentile(99) / 1e6).toFixed(1),
    loopDelayMax: +(loopDelay.max / 1e6).toFixed(1),
    gcPerJob: +(gc.ms / count).toFixed(2),
    gcLongest: +gc.longest.toFixed(1),
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
    window,
  }),
);
if (byStatement.size > 0) {
  const queue = [...byStatement].filter(([text]) => !isBenchRead(text));
  const total = queue.reduce((sum, [, entry]) => sum + entry.count, 0);
  console.log(
    `${(total / count).toFixed(1)} statements and ${(roundTrips / count).toFixed(1)} round trips per job, the bench's own reads left out`,
  );
}
for (const [text, { count: n, ms }] of [...byStatement].sort((a, b) => b[1].ms - a[1].ms))
  console.log(
    `${(ms / count).toFixed(2).padStart(7)} ms/job ${(n / count).toFixed(2).padStart(5)}×  ${text}`,
  );
waiter.close();
await close();
