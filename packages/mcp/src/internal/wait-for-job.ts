import type { Job, JobStatus } from '@transmute/contract';
import type { ToolContext } from './tool-definition.js';

const TERMINAL: ReadonlySet<JobStatus> = new Set(['succeeded', 'failed', 'canceled', 'expired']);

/** Whether a job has reached a status it never leaves. */
export function isTerminal(job: Job): boolean {
  return TERMINAL.has(job.status);
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

/**
 * Polls getJob until the job is terminal or `timeoutMs` has passed, sending a progress
 * notification (`percent` of 100) after every poll. The client's cancel aborts the wait at once
 * (the job itself runs on; cancelJob cancels it).
 */
export async function waitForJob(job: Job, context: ToolContext, options: WaitForJobOptions): Promise<Job> {
  const deadline = Date.now() + options.timeoutMs;
  let current = job;
  await context.progress(current.progress.percent, 100, progressMessage(current));
  while (!isTerminal(current) && Date.now() < deadline) {
    await sleep(Math.min(options.pollIntervalMs ?? 500, Math.max(0, deadline - Date.now())), context.signal);
    current = (await context.api.call('getJob', { path: { job_id: current.id } }, context.signal)) as Job;
    await context.progress(current.progress.percent, 100, progressMessage(current));
  }
  return current;
}
