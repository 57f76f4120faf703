/**
 * The two ways the queue benches load a queue with tiny jobs, each answering every job's latency
 * (createJob → its end) and the rate the jobs were done at.
 */

/** Runs one job to its end (createJob, then wait until it has ended). */
export type RunJob = (index: number) => Promise<void>;

/** What a load measured. */
export interface LoadResult {
  /** Jobs done per second. */
  perSecond: number;
  /** Each job's latency in ms. */
  latencies: number[];
}

/** The p-th quantile (0-1) of a list, the nearest rank above. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

/**
 * A closed loop: `inFlight` callers, each sending its next job when its last one ended, until
 * `jobs` are done. Throughput is jobs over the whole run; every job waits for the ones ahead of it
 * (with a fixed number in flight, latency ≈ inFlight / throughput: Little's law), so its latency
 * says how many are in flight as much as how fast the queue is.
 */
export async function closedLoop(jobs: number, inFlight: number, runJob: RunJob): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < jobs) {
        const index = next++;
        const t0 = performance.now();
        await runJob(index);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { perSecond: jobs / ((performance.now() - started) / 1000), latencies };
}

/**
 * An open loop: jobs offered at `perSecond` for `seconds`, each at its own time whether or not the
 * earlier ones have ended (as independent clients send them). A job's latency runs from the time
 * it was due, so a sender held up by a busy event loop counts against the queue. The rate is of
 * jobs done: (n − 1) over the time from the first end to the last, so a queue that keeps up shows
 * the offered rate and one that falls behind shows what it drained at (its backlog, and so its
 * latency, growing through the run).
 */
export async function openLoop(perSecond: number, seconds: number, runJob: RunJob): Promise<LoadResult> {
  const jobs = Math.max(2, Math.round(perSecond * seconds));
  const interval = 1000 / perSecond;
  const latencies: number[] = [];
  const ends: number[] = [];
  const running: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < jobs;) {
    // Sends every job already due (a late timer catches up), then sleeps until the next one.
    while (index < jobs && started + index * interval <= performance.now()) {
      const due = started + index * interval;
      running.push(
        runJob(index).then(() => {
          const end = performance.now();
          ends.push(end);
          latencies.push(end - due);
        }),
      );
      index += 1;
    }
    if (index < jobs) {
      const wait = started + index * interval - performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
  }
  await Promise.all(running);
  const first = Math.min(...ends);
  const last = Math.max(...ends);
  return { perSecond: (jobs - 1) / ((last - first) / 1000), latencies };
}
