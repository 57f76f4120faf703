import { jobFailure, type TransmuteClient } from '@transmute/client';
import type { Job } from '@transmute/contract';
import type { ExitClass } from './exit-codes.js';
import { positiveInteger } from './client-command.js';
import { createProgressBar, type MaybeTty } from './progress-bar.js';

/** The flags of a command that waits for a job. */
export interface WaitFlags {
  /** Seconds before giving up (exit 9), default 600. */
  timeout?: string;
  /** Milliseconds between polls, default 500. */
  pollInterval?: string;
}

/** What waiting on a job needs. */
export interface WaitRun {
  flags: WaitFlags;
  stderr: MaybeTty;
  signal: AbortSignal;
}

/** The wait options (`--timeout`, `--poll-interval`) with a progress bar on a terminal stderr. */
export function waitOptions(run: WaitRun): {
  timeoutMs: number;
  pollIntervalMs: number;
  signal: AbortSignal;
  onProgress: (job: Job) => void;
  done: () => void;
} {
  const bar = createProgressBar(run.stderr);
  return {
    timeoutMs: (positiveInteger('--timeout', run.flags.timeout) ?? 600) * 1000,
    pollIntervalMs: positiveInteger('--poll-interval', run.flags.pollInterval) ?? 500,
    signal: run.signal,
    onProgress: (job) =>
      bar.update(
        job.progress.percent,
        `${job.id} ${job.status}${job.progress.stage ? ` ${job.progress.stage}` : ''}`,
      ),
    done: () => bar.done(),
  };
}

/** `ok` for a succeeded job, `job_failed` for any other terminal one (its reason on stderr). */
export function outcomeOf(job: Job, stderr: MaybeTty): ExitClass {
  if (job.status === 'succeeded') return 'ok';
  const failure = jobFailure(job);
  stderr.write(
    `transmute: job ${job.id} ${job.status}${failure ? `: ${failure.code}: ${failure.detail}` : ''}\n`,
  );
  return 'job_failed';
}

/** Waits for a job with the bar and the flags' limits. */
export async function waitForJob(client: TransmuteClient, jobId: string, run: WaitRun): Promise<Job> {
  const { done, ...options } = waitOptions(run);
  try {
    return await client.waitForJob(jobId, options);
  } finally {
    done();
  }
}
