import type { Job } from '@transmute/contract';

/** Why a job did not succeed: a CONTRACT §3 failure code and its sentence. */
export interface JobFailure {
  /** Failure code, e.g. `unsupported_content`, `source_unreachable`, `job_canceled`. */
  code: string;
  /** The sentence the server wrote, e.g. `The content type is not supported.` */
  detail: string;
}

/**
 * The server writes a failure as `code: detail` in the job's `progress.detail` and `warnings`
 * (CONTRACT §3). This is the one place that reads that form back.
 */
const FAILURE_TEXT = /^([a-z][a-z0-9_]*): ([\s\S]*)$/;

function parseFailureText(text: string): JobFailure {
  const match = FAILURE_TEXT.exec(text.trim());
  return match ? { code: match[1] ?? '', detail: match[2] ?? '' } : { code: 'internal_error', detail: text };
}

/**
 * The failure of a job that ended without succeeding, or `undefined` for any other job. A `failed`
 * job's reason is read from `progress.detail` (else its first warning); a `canceled` job gives
 * `job_canceled` (CONTRACT §3 has no code for `expired`: check `job.status` for that).
 *
 * @example
 * const job = await client.createJobAndWait(request);
 * const failure = jobFailure(job);
 * if (failure?.code === 'unsupported_content') console.error(failure.detail);
 */
export function jobFailure(job: Pick<Job, 'status' | 'progress' | 'warnings'>): JobFailure | undefined {
  switch (job.status) {
    case 'failed': {
      const text = job.progress.detail ?? job.warnings.find((warning) => FAILURE_TEXT.test(warning));
      return text === undefined
        ? { code: 'internal_error', detail: 'The job failed without a reason.' }
        : parseFailureText(text);
    }
    case 'canceled':
      return { code: 'job_canceled', detail: job.progress.detail ?? 'The job was canceled.' };
    case 'queued':
    case 'processing':
    case 'canceling':
    case 'succeeded':
    case 'expired':
      return undefined;
  }
}
