import { performance } from 'node:perf_hooks';
import { MAX_ATTEMPTS } from './claim-job.js';
import { releaseBlob } from '../tables/blob-refs.js';
import { saveCheckpoint } from '../tables/checkpoint-row.js';
import type { ServiceContext } from '../kernel/context.js';
import { describeFailure } from './describe-failure.js';
import type { ExtractionTask, ExtractionTaskResult } from '../kernel/engine.js';
import { toConvertSource } from './job-source.js';
import { stringifyInParts } from '../kernel/json-in-parts.js';
import type { JobTasksTable } from '../storage/schema.js';
import type { TaskLease } from './task-lease.js';
import {
  claimTaskRow,
  countLeasedTasks,
  endTaskRow,
  findClaimableTasks,
  releaseTask,
  taskStage,
  type HeldTask,
} from '../tables/task-row.js';

const STOPPED_REPEATEDLY = 'internal_error: The task stopped repeatedly while processing.';

/**
 * Claims one free task with a lease: of any job still processing (a helper; at most
 * `maxParallel` tasks of one job leased at once), or of `jobId` only (the job's own run). A task
 * whose runs crashed {@link MAX_ATTEMPTS} times is failed instead (and fails its job).
 */
export async function claimTask(
  ctx: ServiceContext,
  options: { jobId?: string; maxParallel: number },
): Promise<JobTasksTable | null> {
  const full = new Set<string>();
  for (const row of await findClaimableTasks(ctx.store.db, ctx, options.jobId)) {
    if (full.has(row.job_id)) continue;
    if ((await countLeasedTasks(ctx.store.db, ctx, row.job_id)) >= options.maxParallel) {
      full.add(row.job_id);
      continue;
    }
    const claimed = await claimTaskRow(ctx, row);
    if (claimed === undefined) continue;
    if (claimed.attempts > MAX_ATTEMPTS) {
      await endTask(ctx, claimed, { status: 'failed', failure: STOPPED_REPEATEDLY });
      continue;
    }
    return claimed;
  }
  return null;
}

function heldOf(row: JobTasksTable): HeldTask {
  return { jobId: row.job_id, position: row.position, holder: row.locked_by ?? '' };
}

async function endTask(
  ctx: ServiceContext,
  row: JobTasksTable,
  ending: { status: 'succeeded' | 'failed'; failure: string | null; resultKey?: string },
): Promise<boolean> {
  return ctx.store.transaction(async (trx) => {
    if (!(await endTaskRow(trx, ctx, heldOf(row), ending))) return false;
    if (ending.resultKey === undefined) return true;
    await saveCheckpoint(trx, {
      jobId: row.job_id,
      stage: taskStage(row.position),
      blobKey: ending.resultKey,
      createdAt: ctx.nowIso(),
    });
    return true;
  });
}

/** A task's result as its checkpoint blob holds it: one job's own (see runClaimedTask). */
export interface StoredTaskResult {
  job_id: string;
  position: number;
  result: ExtractionTaskResult;
}

/**
 * Runs a claimed task to its end under its lease: the engine reads the task's file (or pages), the
 * result is stored as the job's checkpoint `task:<position>` and the task `succeeded`, in one
 * transaction fenced by the task's lease (a run that lost it writes nothing: no result twice). A
 * failure is the task's `failed` with its code; a stop (cancel, shutdown, lost lease) lets the task
 * go (a shutdown gives its attempt back). `parent` (the job run's signal) stops it too. The
 * caller started `lease` (claimed as `claimed`); it is stopped here.
 */
export async function runClaimedTask(
  ctx: ServiceContext,
  claimed: JobTasksTable,
  lease: TaskLease,
  parent?: { signal: AbortSignal; reason: () => 'cancel' | 'lost' | 'shutdown' },
): Promise<void> {
  const onParentAbort = (): void => lease.abort(parent?.reason() ?? 'cancel');
  parent?.signal.addEventListener('abort', onParentAbort);
  if (parent?.signal.aborted === true) onParentAbort();
  const started = performance.now();
  let outcome = 'succeeded';
  try {
    const job = await ctx.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', claimed.job_id)
      .executeTakeFirst();
    const source = job === undefined ? undefined : await toConvertSource(ctx, job);
    if (source?.type !== 'files') throw new Error(`task of job ${claimed.job_id}, which has no files`);
    const task = JSON.parse(claimed.task_json) as ExtractionTask;
    const result = await ctx.engine.runTask(source, task, { signal: lease.controller.signal });
    // The job and position go into the bytes, so a stored result names the task it answers.
    const stored: StoredTaskResult = { job_id: claimed.job_id, position: claimed.position, result };
    const blob = await ctx.blobs.putBytes(await stringifyInParts(stored));
    if (!(await endTask(ctx, claimed, { status: 'succeeded', failure: null, resultKey: blob.key }))) {
      outcome = 'lost';
      lease.abort('lost');
      await releaseBlob(ctx, blob.key);
    }
  } catch (error) {
    if (lease.controller.signal.aborted) {
      outcome = lease.stopReason ?? 'stopped';
      if (lease.stopReason !== 'lost') {
        const giveAttemptBack = lease.stopReason === 'shutdown';
        await ctx.store.transaction((trx) => releaseTask(trx, lease.held, { giveAttemptBack }));
      }
      return;
    }
    outcome = 'failed';
    const { text, bug } = describeFailure(ctx, error, { count: false });
    if (bug)
      ctx.logger.error('task crashed', {
        job_id: claimed.job_id,
        task: claimed.position,
        error: String(error),
      });
    await endTask(ctx, claimed, { status: 'failed', failure: text });
  } finally {
    lease.stop();
    parent?.signal.removeEventListener('abort', onParentAbort);
    ctx.metrics.tasks.inc({ outcome });
    ctx.logger.info('task run ended', {
      job_id: claimed.job_id,
      task: claimed.position,
      outcome,
      worker_id: ctx.workerId,
      duration_ms: Math.round(performance.now() - started),
    });
  }
}
