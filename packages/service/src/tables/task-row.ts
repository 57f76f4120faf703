import type { Kysely } from 'kysely';
import type { ExtractionTask } from '../kernel/engine.js';
import type { CoreContext } from '../kernel/context.js';
import { CHANNELS } from '../storage/channels.js';
import { dbTimeIn } from '../storage/db-clock.js';
import { randomBase62 } from '../kernel/ids.js';
import { preparedStatement } from '../storage/prepared-query.js';
import type { Database, JobTasksTable } from '../storage/schema.js';
import { wakeOnCommit } from '../storage/wake-on-commit.js';

// Every write to `job_tasks`, one named function per state change (as job-row.ts does for jobs).
// A task is `queued` (free, or leased by a worker), then `succeeded` (its result is the job's
// checkpoint `task:<position>`) or `failed` (its `code: sentence`).

/** One claim of one task; `holder` is the fencing token the claim wrote to `locked_by`. */
export interface HeldTask {
  jobId: string;
  position: number;
  holder: string;
}

/** The checkpoint stage that holds a task's result. */
export function taskStage(position: number): string {
  return `task:${String(position)}`;
}

/** The job's tasks in order. */
export async function findTasks(db: Kysely<Database>, jobId: string): Promise<JobTasksTable[]> {
  return db.selectFrom('job_tasks').selectAll().where('job_id', '=', jobId).orderBy('position').execute();
}

/** Queues the tasks of a job's plan (in the job run's transaction); the commit wakes helpers. */
export async function insertTasks(
  trx: Kysely<Database>,
  jobId: string,
  tasks: readonly ExtractionTask[],
  now: string,
): Promise<void> {
  await trx.deleteFrom('job_tasks').where('job_id', '=', jobId).execute();
  for (const [position, task] of tasks.entries()) {
    await trx
      .insertInto('job_tasks')
      .values({
        job_id: jobId,
        position,
        task_json: JSON.stringify(task),
        status: 'queued',
        failure: null,
        locked_by: null,
        lease_expires_at: null,
        attempts: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  wakeOnCommit(trx, CHANNELS.tasks);
}

/** Removes a job's tasks (its document is stored, or it ended); running helpers find theirs gone. */
export async function deleteTasks(trx: Kysely<Database>, jobId: string): Promise<void> {
  await tasksDeleted(trx, jobId);
}

/** The delete of {@link deleteTasks}, compiled once (every job's end runs it). */
const tasksDeleted = preparedStatement((db, jobId: string) =>
  db.deleteFrom('job_tasks').where('job_id', '=', jobId),
);

/**
 * Up to 16 queued tasks no worker holds (never leased, let go, or the lease lapsed by the
 * database's clock) of jobs still `processing`, oldest job first; `jobId` narrows to one job.
 */
export async function findClaimableTasks(
  db: Kysely<Database>,
  ctx: CoreContext,
  jobId?: string,
): Promise<JobTasksTable[]> {
  let query = db
    .selectFrom('job_tasks')
    .innerJoin('jobs', 'jobs.id', 'job_tasks.job_id')
    .selectAll('job_tasks')
    .where('job_tasks.status', '=', 'queued')
    .where('jobs.status', '=', 'processing')
    .where((eb) =>
      eb.or([
        eb('job_tasks.locked_by', 'is', null),
        eb('job_tasks.lease_expires_at', '<', dbTimeIn(ctx.store.dialect)),
      ]),
    );
  if (jobId !== undefined) query = query.where('job_tasks.job_id', '=', jobId);
  return query.orderBy('jobs.created_at').orderBy('job_tasks.position').limit(16).execute();
}

/** How many of a job's tasks hold a live lease. */
export async function countLeasedTasks(
  db: Kysely<Database>,
  ctx: CoreContext,
  jobId: string,
): Promise<number> {
  const row = await db
    .selectFrom('job_tasks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('job_id', '=', jobId)
    .where('status', '=', 'queued')
    .where('locked_by', 'is not', null)
    .where('lease_expires_at', '>=', dbTimeIn(ctx.store.dialect))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Takes a free task's lease for `leaseMs` under a fresh holder token and counts the attempt, in
 * one conditional statement: of two workers that try at once, one updates the row and the other
 * finds it taken (PostgreSQL re-checks the condition on the row the first one wrote).
 */
export async function claimTaskRow(ctx: CoreContext, row: JobTasksTable): Promise<JobTasksTable | undefined> {
  return ctx.store.db
    .updateTable('job_tasks')
    .set({
      locked_by: `${ctx.workerId}/${randomBase62(10)}`,
      lease_expires_at: dbTimeIn(ctx.store.dialect, ctx.leaseMs),
      attempts: row.attempts + 1,
      updated_at: ctx.nowIso(),
    })
    .where('job_id', '=', row.job_id)
    .where('position', '=', row.position)
    .where('status', '=', 'queued')
    .where('attempts', '=', row.attempts)
    .where((eb) =>
      eb.or([eb('locked_by', 'is', null), eb('lease_expires_at', '<', dbTimeIn(ctx.store.dialect))]),
    )
    .returningAll()
    .executeTakeFirst();
}

function held(task: HeldTask) {
  return { job_id: task.jobId, position: task.position, locked_by: task.holder } as const;
}

/**
 * Extends the task's lease and answers its job's status, or `undefined` when the task is no longer
 * this worker's (lease lost, or the task gone with its job's end).
 */
export async function renewTaskLease(ctx: CoreContext, task: HeldTask): Promise<string | undefined> {
  const key = held(task);
  const renewed = await ctx.store.db
    .updateTable('job_tasks')
    .set({ lease_expires_at: dbTimeIn(ctx.store.dialect, ctx.leaseMs) })
    .where('job_id', '=', key.job_id)
    .where('position', '=', key.position)
    .where('locked_by', '=', key.locked_by)
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) === 0) return undefined;
  const job = await ctx.store.db
    .selectFrom('jobs')
    .select('status')
    .where('id', '=', task.jobId)
    .executeTakeFirst();
  return job?.status;
}

/**
 * Ends a task the worker still holds, in the caller's transaction: `succeeded` or `failed` with
 * its failure. False when the task is no longer this worker's (nothing written).
 */
export async function endTaskRow(
  trx: Kysely<Database>,
  ctx: CoreContext,
  task: HeldTask,
  ending: { status: 'succeeded' | 'failed'; failure: string | null },
): Promise<boolean> {
  const key = held(task);
  const result = await trx
    .updateTable('job_tasks')
    .set({
      status: ending.status,
      failure: ending.failure,
      locked_by: null,
      lease_expires_at: null,
      updated_at: ctx.nowIso(),
    })
    .where('job_id', '=', key.job_id)
    .where('position', '=', key.position)
    .where('locked_by', '=', key.locked_by)
    .executeTakeFirst();
  wakeOnCommit(trx, CHANNELS.tasks);
  return Number(result.numUpdatedRows) > 0;
}

/** Lets go of a task unfinished (a shutdown gives its attempt back); the commit wakes helpers. */
export async function releaseTask(
  trx: Kysely<Database>,
  task: HeldTask,
  options: { giveAttemptBack: boolean },
): Promise<void> {
  const key = held(task);
  await trx
    .updateTable('job_tasks')
    .set((eb) => ({
      locked_by: null,
      lease_expires_at: null,
      ...(options.giveAttemptBack ? { attempts: eb('attempts', '-', 1) } : {}),
    }))
    .where('job_id', '=', key.job_id)
    .where('position', '=', key.position)
    .where('locked_by', '=', key.locked_by)
    .execute();
  wakeOnCommit(trx, CHANNELS.tasks);
}
