import { isTerminalJobStatus, type CreateJobRequest, type Job } from '@transmute/contract';
import type { ReadContentOptions, TransmuteClient, WaitOptions } from '../client-types.js';
import { WaitTimeoutError } from '../wait-timeout-error.js';
import { sleep } from './transport.js';

/** createJob, then {@link waitForJob}: the terminal job, reporting each job seen to `onProgress`. */
export async function createJobAndWait(
  client: Pick<TransmuteClient, 'createJob' | 'getJob'>,
  body: CreateJobRequest,
  options: WaitOptions = {},
): Promise<Job> {
  const started = Date.now();
  const { signal } = options;
  const job = await client.createJob(body, {
    ...(signal === undefined ? {} : { signal }),
    ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
  });
  const timeoutMs = options.timeoutMs ?? 600_000;
  return pollJob(client, job, { ...options, timeoutMs }, started + timeoutMs);
}

/** getJob every `pollIntervalMs` until the job is terminal; `WaitTimeoutError` after `timeoutMs`. */
export async function waitForJob(
  client: Pick<TransmuteClient, 'getJob'>,
  jobId: string,
  options: Omit<WaitOptions, 'idempotencyKey'> = {},
): Promise<Job> {
  const started = Date.now();
  const { signal } = options;
  const job = await client.getJob(jobId, signal === undefined ? {} : { signal });
  const timeoutMs = options.timeoutMs ?? 600_000;
  return pollJob(client, job, { ...options, timeoutMs }, started + timeoutMs);
}

async function pollJob(
  client: Pick<TransmuteClient, 'getJob'>,
  first: Job,
  options: Omit<WaitOptions, 'idempotencyKey'> & { timeoutMs: number },
  deadline: number,
): Promise<Job> {
  const { signal, pollIntervalMs = 1000, timeoutMs } = options;
  let job = first;
  options.onProgress?.(job);
  while (!isTerminalJobStatus(job.status)) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new WaitTimeoutError(job, timeoutMs);
    await sleep(Math.min(pollIntervalMs, remaining), signal);
    job = await client.getJob(job.id, signal === undefined ? {} : { signal });
    options.onProgress?.(job);
  }
  return job;
}

/** Concatenates every content page of an output (CONTRACT §9: the concatenation is the artifact). */
export async function readOutputContent(
  client: Pick<TransmuteClient, 'getOutputContent'>,
  outputId: string,
  options: ReadContentOptions = {},
): Promise<string> {
  const parts: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.getOutputContent(
      outputId,
      {
        ...(cursor === undefined ? {} : { cursor }),
        ...(options.limit === undefined ? {} : { limit: options.limit }),
      },
      options.signal === undefined ? {} : { signal: options.signal },
    );
    parts.push(page.data);
    cursor = page.page.has_more && page.page.next_cursor !== null ? page.page.next_cursor : undefined;
  } while (cursor !== undefined);
  return parts.join('');
}
