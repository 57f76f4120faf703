import { performance } from 'node:perf_hooks';
import { CHANNELS } from '../storage/channels.js';
import type { ServiceContext } from '../kernel/context.js';
import { failureError } from './describe-failure.js';
import type { ExtractionTask, ExtractionTaskResult, TaskRunner } from '../kernel/engine.js';
import type { JobLease } from './job-lease.js';
import { LEASE_LOST, withLease } from '../tables/job-row.js';
import { TaskLease } from './task-lease.js';
import { findTasks, insertTasks, taskStage } from '../tables/task-row.js';
import { claimTask, runClaimedTask, type StoredTaskResult } from './task-work.js';

/**
 * Writes the plan as the job's tasks, fenced by the job's lease; a plan written by an earlier run
 * of the job is kept with the tasks done so far (a restarted job does not read them again).
 */
async function planTasks(
  ctx: ServiceContext,
  lease: JobLease,
  tasks: readonly ExtractionTask[],
): Promise<void> {
  lease.mayHoldCheckpointsOrTasks = true;
  const planned = await withLease(ctx, lease.held, async (trx) => {
    const rows = await findTasks(trx, lease.jobId);
    const same =
      rows.length === tasks.length &&
      rows.every((row, index) => row.task_json === JSON.stringify(tasks[index]));
    if (same) return;
    await insertTasks(trx, lease.jobId, tasks, ctx.nowIso());
    ctx.metrics.jobTasks.observe(tasks.length);
  });
  if (planned === LEASE_LOST) {
    lease.abort('lost');
    lease.checkStop();
  }
}

/** The tasks' results, from their checkpoints, in order. */
async function loadResults(
  ctx: ServiceContext,
  jobId: string,
  count: number,
): Promise<ExtractionTaskResult[]> {
  const rows = await ctx.store.db
    .selectFrom('job_checkpoints')
    .select(['stage', 'blob_key'])
    .where('job_id', '=', jobId)
    .where('stage', 'like', 'task:%')
    .execute();
  const keys = new Map(rows.map((row) => [row.stage, row.blob_key]));
  const results: ExtractionTaskResult[] = [];
  for (let position = 0; position < count; position += 1) {
    const key = keys.get(taskStage(position));
    if (key === undefined) throw new Error(`task ${String(position)} of job ${jobId} has no result`);
    const stored = JSON.parse((await ctx.blobs.getBytes(key)).toString('utf8')) as StoredTaskResult;
    results.push(stored.result);
  }
  return results;
}

/** Waits for a task of any job to change (a notification), the poll interval, or the run's stop. */
function waitForTasks(ctx: ServiceContext, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.min(1000, ctx.config.pollIntervalMs ?? 1000));
    const unsubscribe = ctx.store.subscribe(CHANNELS.tasks, done);
    signal.addEventListener('abort', done);
  });
}

/**
 * The task runner of a job's run (`orchestration.batch`): the plan becomes the job's task rows,
 * which every worker's pool may claim; the run itself claims and runs its own job's free tasks
 * too (so a job never waits for a helper that is not there), and otherwise waits for the others.
 * Progress is the tasks done. The first failed task (in task order) fails the job with its code;
 * results are answered in task order once all are done.
 */
export function createJobTaskRunner(ctx: ServiceContext, lease: JobLease): TaskRunner {
  return {
    pagesPerTask: ctx.batch.pagesPerTask,
    async run(tasks, progress) {
      await planTasks(ctx, lease, tasks);
      let reported = -1;
      for (;;) {
        lease.checkStop();
        const rows = await findTasks(ctx.store.db, lease.jobId);
        if (rows.length !== tasks.length) {
          lease.abort('lost');
          lease.checkStop();
        }
        const failed = rows.find((row) => row.status === 'failed');
        if (failed !== undefined) throw failureError(failed.failure ?? 'internal_error: A task failed.');
        const done = rows.filter((row) => row.status === 'succeeded').length;
        if (done !== reported) progress(done);
        reported = done;
        if (done === tasks.length) return loadResults(ctx, lease.jobId, tasks.length);
        const claimSentAt = performance.now();
        const mine = await claimTask(ctx, {
          jobId: lease.jobId,
          maxParallel: ctx.batch.maximumParallelTasks,
        });
        if (mine === null) {
          await waitForTasks(ctx, lease.controller.signal);
          continue;
        }
        const taskLease = new TaskLease(ctx, mine);
        taskLease.start(claimSentAt);
        await runClaimedTask(ctx, mine, taskLease, {
          signal: lease.controller.signal,
          reason: () => lease.stopReason ?? 'cancel',
        });
      }
    },
  };
}
