import type { Job } from '@transmute/contract';

/** Thrown by `createJobAndWait` when the job is not terminal within `timeoutMs`; carries the last job seen. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
  readonly job: Job;

  constructor(job: Job, timeoutMs: number) {
    super(`Job ${job.id} is still ${job.status} after ${timeoutMs} ms.`);
    this.job = job;
  }
}
