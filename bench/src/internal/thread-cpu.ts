import { readdirSync, readFileSync } from 'node:fs';

/**
 * Linux's CPU time of a thread (`schedstat`'s first field: nanoseconds on a CPU), or undefined
 * where there is none (another system, or a thread ended since it was listed).
 */
function schedNs(path: string): number | undefined {
  try {
    return Number(readFileSync(path, 'latin1').split(' ')[0]);
  } catch {
    return undefined;
  }
}

/**
 * CPU time of the calling thread in milliseconds: Linux's scheduler clock for the thread
 * (nanoseconds, brought up to date), else `process.threadCpuUsage` (Node 23.9+; `getrusage`, which Linux counts in
 * ticks, too coarse for a millisecond call), else undefined. Unlike the process's CPU it leaves
 * out V8's helper threads (concurrent marking, parallel scavenges) and libuv's pool.
 */
export function threadCpuMs(): number | undefined {
  // A running thread's clock in `schedstat` moves only at a tick or a switch; reading the process's
  // CPU time first brings the calling thread's up to date (Linux's `task_sched_runtime`).
  process.cpuUsage();
  const nanoseconds = schedNs('/proc/thread-self/schedstat');
  if (nanoseconds !== undefined) return nanoseconds / 1e6;
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.();
  return usage === undefined ? undefined : (usage.user + usage.system) / 1000;
}

/**
 * CPU time of libuv's thread pool in milliseconds (its threads are named `libuv-worker`): where a
 * native addon's asynchronous call does its work. Undefined off Linux (no `/proc/self/task`) and
 * where no thread is named so.
 */
export function threadPoolCpuMs(): number | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  let nanoseconds = 0;
  let poolThreads = 0;
  for (const task of tasks) {
    let name: string;
    try {
      name = readFileSync(`/proc/self/task/${task}/comm`, 'latin1').trim();
    } catch {
      continue;
    }
    if (name !== 'libuv-worker') continue;
    poolThreads += 1;
    nanoseconds += schedNs(`/proc/self/task/${task}/schedstat`) ?? 0;
  }
  // No pool yet, or a libuv that does not name its threads: unknown, not zero (a ratio over it is
  // infinite), and the bench judges on wall time.
  return poolThreads === 0 ? undefined : nanoseconds / 1e6;
}

/** Bytes this thread passed to write calls so far (Linux), or null. */
export function threadBytesWritten(): number | null {
  try {
    const io = readFileSync('/proc/thread-self/io', 'utf8');
    const written = /^wchar: (\d+)$/m.exec(io)?.[1];
    return written === undefined ? null : Number(written);
  } catch {
    return null;
  }
}
