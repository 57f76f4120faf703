import { isTerminalJobStatus, type Job } from '@transmute/contract';
import type { ToolContext } from './tool-definition.js';

/** Whether a job has reached a status it never leaves. */
export function isTerminal(job: Job): boolean {
  return isTerminalJobStatus(job.status);
}

/** Options of {@link waitForJob}. */
export interface WaitForJobOptions {
  /** Longest wait; the job is returned as it is then, terminal or not. */
  timeoutMs: number;
  /** Delay between polls (default 500 ms). */
  pollIntervalMs?: number;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function progressMessage(job: Job): string {
  const stage = job.progress.stage === null ? '' : ` (${job.progress.stage})`;
  const detail = job.progress.detail === null ? '' : `: ${job.progress.detail}`;
  return `${job.status}${stage}${detail}`;
}

/** Growth of the progress value per heartbeat while the job's percent stands still (one decimal). */
const HEARTBEAT_STEP = 0.1;
/** The first heartbeat comes this long after the last notification; each later one waits twice as long… */
const FIRST_HEARTBEAT_MS = 1_000;
/** …up to this gap, well inside the 60 s request timeout hosts reset on each notification. */
const MAX_HEARTBEAT_MS = 15_000;

/** A value of one decimal, so that `8.007` never reaches the client as `8.006999999999996`. */
function tidy(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * A reporter of the job's percent as MCP progress, rounded to one decimal. MCP requires every
 * notification's value to be larger than the one before, and hosts reset their request timeout on
 * each, so while the percent stands still a heartbeat still notifies, a step above the last value
 * (never past 100), at widening intervals so that a long wait in the queue barely moves the bar.
 */
export function createProgressReporter(
  context: Pick<ToolContext, 'progress'>,
  now: () => number = Date.now,
): (job: Job) => Promise<void> {
  let last = Number.NEGATIVE_INFINITY;
  let lastAt = Number.NEGATIVE_INFINITY;
  let gap = FIRST_HEARTBEAT_MS;
  return async (job) => {
    const percent = tidy(job.progress.percent);
    const heartbeat = percent <= last;
    if (heartbeat && now() - lastAt < gap) return;
    const value = Math.min(100, heartbeat ? tidy(last + HEARTBEAT_STEP) : percent);
    if (value <= last) return;
    if (heartbeat) gap = Math.min(MAX_HEARTBEAT_MS, gap * 2);
    last = value;
    lastAt = now();
    await context.progress(value, 100, progressMessage(job));
  };
}

/**
 * Polls getJob until the job is terminal or `timeoutMs` has passed, sending a progress
 * notification (the job's percent of 100) after every poll. The client's cancel aborts the wait at
 * once (the job itself runs on; cancelJob cancels it).
 */
export async function waitForJob(job: Job, context: ToolContext, options: WaitForJobOptions): Promise<Job> {
  const deadline = Date.now() + options.timeoutMs;
  const report = createProgressReporter(context);
  let current = job;
  await report(current);
  while (!isTerminal(current) && Date.now() < deadline) {
    await sleep(Math.min(options.pollIntervalMs ?? 500, Math.max(0, deadline - Date.now())), context.signal);
    current = (await context.api.call('getJob', { path: { job_id: current.id } }, context.signal)) as Job;
    await report(current);
  }
  return current;
}
