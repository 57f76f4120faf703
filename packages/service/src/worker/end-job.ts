import { FAILURE_CODES, type JobStatus } from '@transmute/contract';
import type { Kysely } from 'kysely';
import { addMs, parseJson, type CoreContext } from '../kernel/context.js';
import { writeEvents, type EventInput } from '../tables/events.js';
import { endJobRow, type HeldLease } from '../tables/job-row.js';
import { toJob } from '../tables/resources.js';
import { deleteTasks } from '../tables/task-row.js';
import type { Database, JobsTable } from '../storage/schema.js';
import { failPendingOutputs } from '../tables/output-row.js';
import { holdJobFilesUntil } from '../tables/file-row.js';
import { holdJobArtifactsUntil } from '../tables/artifact-row.js';
import { meterJob } from '../billing/usage.js';
import { sendsAhead } from '../storage/pipelined-writes.js';
import type { UsageQuantities } from '../kernel/engine.js';

/** When a job that ends at `endedAt` expires (CONTRACT §8 retention). */
export function jobExpiry(ctx: CoreContext, retentionClass: string, endedAt: string): string | null {
  switch (retentionClass) {
    case 'ephemeral':
      return addMs(endedAt, ctx.retention.ephemeralMs);
    case 'account':
      return null;
    default:
      return addMs(endedAt, ctx.retention.temporaryMs);
  }
}

/** Options of {@link endJob}. */
export interface EndJobOptions {
  status: Extract<JobStatus, 'succeeded' | 'failed' | 'canceled'>;
  detail: string | null;
  warnings?: string[];
  usage?: UsageQuantities;
  /**
   * A prepared document not yet on the row (a tiny job's one commit): its key and warnings are
   * written by the job's end.
   */
  document?: { key: string; warnings: string[] };
  /**
   * Events of the same commit written before the job's own, in one insert (`output.created`); an
   * event may still be waiting for the answer of the write it describes.
   */
  events?: (EventInput | Promise<EventInput>)[];
  /** Lets go of the lease in the job's end write when no output is left (see `endJobRow`). */
  releaseWhenDone?: HeldLease;
  /**
   * False when the run knows the job holds no checkpoints or tasks (`JobLease.
   * mayHoldCheckpointsOrTasks`): the end deletes none. Unknown (the default) deletes them.
   */
  checkpointsOrTasks?: boolean;
  /**
   * The job's every artifact was written by this commit with the expiry of a job ending at
   * `endedAt` ({@link jobExpiry}), so the end does not move them: only the output that ends a
   * running job can say so (no other output of it has been rendered yet).
   */
  artifactsHeld?: { endedAt: string };
}

/**
 * Moves a job to a terminal state in the caller's transaction: progress, expiry, unfinished
 * outputs failed (`job_canceled` on cancel), files kept as long as the job, usage finalized and
 * the `job.*` event. Answers the row as it is now.
 */
export async function endJob(
  trx: Kysely<Database>,
  ctx: CoreContext,
  row: JobsTable,
  options: EndJobOptions,
): Promise<JobsTable> {
  const now = options.artifactsHeld?.endedAt ?? ctx.nowIso();
  const expiresAt = jobExpiry(ctx, row.retention_class, now);
  const kept = parseJson<string[]>(row.warnings_json, []);
  // A document's warnings are kept once each, as storeDocument keeps them.
  const documented =
    options.document === undefined ? kept : [...new Set([...kept, ...options.document.warnings])];
  const warnings = [...documented, ...(options.warnings ?? [])];
  const ending = endJobRow(trx, row, {
    status: options.status,
    detail: options.detail,
    warnings,
    now,
    expiresAt,
    ...(options.document === undefined ? {} : { documentKey: options.document.key }),
    ...(options.releaseWhenDone === undefined ? {} : { releaseWhenDone: options.releaseWhenDone }),
  });
  ending.catch(() => undefined);
  if (!sendsAhead(trx)) await ending;
  if (options.status !== 'succeeded') {
    const reason = options.status === 'canceled' ? 'job_canceled' : 'internal_error';
    const sentence =
      options.status === 'canceled'
        ? FAILURE_CODES.job_canceled
        : 'The job failed before this output was rendered.';
    await failPendingOutputs(trx, row.id, `${reason}: ${sentence}`, now);
  }
  // A split job's tasks end with it (a helper still running one finds it gone and stops).
  if (options.checkpointsOrTasks !== false) await deleteTasks(trx, row.id);
  // Only a `files` source links input files (`job_files`, written by createJob).
  if (row.source_type === 'files') await holdJobFilesUntil(trx, row.id, expiresAt);
  if (options.artifactsHeld === undefined) await holdJobArtifactsUntil(trx, row.id, expiresAt);
  // The metering comes after the rows above, as it always did: createJob locks its input files,
  // then the usage totals, so a job's end must not hold the totals while it waits for its files
  // (the worker-kills test deadlocked so). A tiny job's end has none of them: the metering's first
  // statements (its usage records read, its storage meter opened) follow the end's write on the
  // wire, without waiting for it, and are answered in its round trip.
  const metered = meterJob(trx, ctx, row, options.usage ?? {}, 'finalized');
  metered.catch(() => undefined);
  // Both settle before either answer is used: had the end failed first, the metering's later
  // statements would be sent after the ROLLBACK, on a connection back in the pool.
  await Promise.allSettled([ending, metered]);
  const ended = await ending;
  await metered;
  const type =
    options.status === 'succeeded'
      ? 'job.succeeded'
      : options.status === 'failed'
        ? 'job.failed'
        : 'job.canceled';
  const job = { accountId: row.account_id, type, object: toJob(ended.row, ended.outputIds) } as const;
  const events = await Promise.all((options.events ?? []).map((event) => Promise.resolve(event)));
  await writeEvents(trx, ctx, [...events, job]);
  return ended.row;
}
