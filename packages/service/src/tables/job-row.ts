import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { CoreContext } from '../kernel/context.js';
import { CHANNELS } from '../storage/channels.js';
import { dbTimeIn } from '../storage/db-clock.js';
import { randomBase62 } from '../kernel/ids.js';
import { preparedInsertUnread, preparedQuery, preparedStatement } from '../storage/prepared-query.js';
import type { Database, JobsTable } from '../storage/schema.js';
import type { StoreDialect } from '../storage/store.js';
import { wakeOnCommit } from '../storage/wake-on-commit.js';
import { accountHasEndpoints, noteNoEndpoints } from './events.js';

// Every write to the `jobs` row, one named function per state change (the way pg-boss keeps one
// SQL builder per state change in one file). Workers, `runJob`, the sweep and the API operations
// only orchestrate: they decide which change happens, this file says what it writes.

type JobsWhere = ExpressionBuilder<Database, 'jobs'>;

/**
 * One claim of one job: `holder` is what the claim wrote to `locked_by` (the worker's id and a
 * random part of its own), the fencing token of that run. A later claim writes another token, even
 * by the same worker, so a run that lost its lease can never pass for the one that holds it now.
 */
export interface HeldLease {
  jobId: string;
  holder: string;
}

/** The lease a claimed row carries. */
export function heldLeaseOf(row: JobsTable): HeldLease {
  if (row.locked_by === null) throw new Error(`job ${row.id} is not leased`);
  return { jobId: row.id, holder: row.locked_by };
}

/**
 * The lease test, the one place that decides whether a run holds its job: every write a lease
 * holder makes, and every read that asks "still mine?", goes through it.
 */
function leaseHeld(lease: HeldLease) {
  return (eb: JobsWhere) =>
    eb.and([eb('jobs.id', '=', lease.jobId), eb('jobs.locked_by', '=', lease.holder)]);
}

/**
 * No worker holds the job: never leased, released, or the lease lapsed (a crashed or stalled
 * worker), by the database's clock.
 */
export function leaseFree(dialect: StoreDialect) {
  return (eb: JobsWhere) =>
    eb.or([eb('jobs.locked_by', 'is', null), eb('jobs.lease_expires_at', '<', dbTimeIn(dialect))]);
}

/** Statuses whose job may still hold a worker's lease and report progress. */
const RUNNING = ['processing', 'canceling'];

/** The job row if the run still holds its lease, else `undefined` (the lease was lost). */
export async function findLeasedJob(db: Kysely<Database>, lease: HeldLease): Promise<JobsTable | undefined> {
  return db.selectFrom('jobs').selectAll().where(leaseHeld(lease)).executeTakeFirst();
}

/** The leased row and whether its account has endpoints receiving events, locked on PostgreSQL. */
const leasedRowRead = (forUpdate: boolean) =>
  preparedQuery((db, jobId: string, holder: string) => {
    const query = db
      .selectFrom('jobs')
      .selectAll()
      .select(accountHasEndpoints('jobs.account_id').as('has_endpoints'))
      .where(leaseHeld({ jobId, holder }));
    return forUpdate ? query.forUpdate() : query;
  });
const leasedRowForUpdate = leasedRowRead(true);
const leasedRowInWriteLock = leasedRowRead(false);

/** What {@link withLease} answers when the lease was lost: nothing ran. */
export const LEASE_LOST = Symbol('lease lost');

/**
 * Runs `fn` in one transaction on the job's row, only while the run holds its lease; otherwise
 * answers {@link LEASE_LOST} without writing. The same read tells whether the job's account has
 * endpoints receiving events (when it has none, the events `fn` writes skip reading them). The fence: the row is locked while the lease is
 * checked (PostgreSQL `FOR UPDATE`; SQLite's writer holds the database), so no claim can take the
 * job between the check and the commit, and a claim that took it first makes the check fail.
 */
export async function withLease<T>(
  ctx: CoreContext,
  lease: HeldLease,
  fn: (trx: Kysely<Database>, row: JobsTable) => Promise<T>,
): Promise<T | typeof LEASE_LOST> {
  return ctx.store.transaction(async (trx) => {
    const read = ctx.store.dialect === 'postgres' ? leasedRowForUpdate : leasedRowInWriteLock;
    const [found] = await read(trx, lease.jobId, lease.holder);
    if (found === undefined) return LEASE_LOST;
    const { has_endpoints: hasEndpoints, ...row } = found;
    if (!hasEndpoints) noteNoEndpoints(trx, row.account_id);
    return fn(trx, row);
  });
}

/** The insert of a new job, compiled once (createJob runs it on every request); sent with the statements after it. */
const insertJobRows = preparedInsertUnread('jobs');

/** Queues a new job (its first run is work for a worker); the commit wakes the workers. */
export async function insertJob(trx: Kysely<Database>, row: JobsTable): Promise<void> {
  await insertJobRows(trx, [row]);
  wakeOnCommit(trx, CHANNELS.jobs);
}

/** More work for a job (an output added later); the commit wakes the workers. */
export async function queueJobWork(trx: Kysely<Database>, jobId: string, now: string): Promise<void> {
  await trx.updateTable('jobs').set({ work_pending: 1, updated_at: now }).where('id', '=', jobId).execute();
  wakeOnCommit(trx, CHANNELS.jobs);
}

/** A job row and its outputs' ids in position order, read by the statement that wrote the row. */
export interface JobWithOutputIds {
  row: JobsTable;
  outputIds: string[];
}

/**
 * The job's output ids in position order, comma-joined (ids hold no comma), as a column of the
 * statement that answers the row: the job's event needs them, and this spares a read
 * (`string_agg … order by` in PostgreSQL and SQLite ≥ 3.44).
 */
function outputIdsColumn(eb: JobsWhere) {
  return eb
    .selectFrom('outputs')
    .select((inner) =>
      sql<
        string | null
      >`string_agg(${inner.ref('outputs.id')}, ',' order by ${inner.ref('outputs.position')})`.as('ids'),
    )
    .whereRef('outputs.job_id', '=', 'jobs.id')
    .as('output_ids');
}

function splitOutputIds(found: JobsTable & { output_ids: string | null }): JobWithOutputIds {
  const { output_ids: ids, ...row } = found;
  return { row, outputIds: ids === null || ids === '' ? [] : ids.split(',') };
}

/** A claimed job row, its outputs, and whether an earlier run left it checkpoints or tasks. */
export interface ClaimedJobRow extends JobWithOutputIds {
  /**
   * Whether the job held stage checkpoints, task results or tasks as it was claimed. Read while
   * the claim holds the job's row lock: only a lease holder writes checkpoints or plans tasks (both
   * under that lock), and a helper's task result needs its task row, so false means the job holds
   * none until this run writes some.
   */
  checkpointsOrTasks: boolean;
}

/** Whether the job has checkpoints or tasks, as a column (1 or 0) of the statement that claims it. */
function checkpointsOrTasksColumn(eb: JobsWhere) {
  const of = (table: 'job_checkpoints' | 'job_tasks') =>
    eb.exists(eb.selectFrom(table).select(sql.lit(1).as('one')).whereRef(`${table}.job_id`, '=', 'jobs.id'));
  return eb
    .case()
    .when(eb.or([of('job_checkpoints'), of('job_tasks')]))
    .then(1)
    .else(0)
    .end()
    .as('checkpoints_or_tasks');
}

/**
 * Takes the lease of a locked claimable row for `leaseMs` (by the database's clock) under a fresh
 * holder token, and counts the attempt; a queued job becomes `processing` at its first stage (a
 * processing job always names its stage, CONTRACT §8). Returns the row as claimed, its outputs
 * and whether it holds checkpoints or tasks (the statement runs after the row was locked).
 */
export async function claimJobRow(
  trx: Kysely<Database>,
  ctx: CoreContext,
  input: { row: JobsTable; now: string },
): Promise<ClaimedJobRow> {
  const { row, now } = input;
  const starting = row.status === 'queued';
  const { rows } = await claimStatement(ctx.store.dialect, ctx.leaseMs)(
    trx,
    row.id,
    starting ? 'processing' : row.status,
    starting ? 'source_acquisition' : row.stage,
    `${ctx.workerId}/${randomBase62(10)}`,
    row.attempts + 1,
    starting ? now : row.updated_at,
  );
  const found = rows[0];
  // The row was locked by this transaction before the claim: it cannot be gone.
  if (found === undefined) throw new Error(`job ${row.id} vanished while its claim held it locked`);
  const { checkpoints_or_tasks: held, ...claimed } = found;
  return { ...splitOutputIds(claimed), checkpointsOrTasks: Number(held) !== 0 };
}

/**
 * The claim's statement, compiled once per dialect and lease length (the lease's interval is
 * inlined): building and compiling it with Kysely was about 3.5 % of a tiny job's CPU in the
 * process. A service has one lease length, so this holds one or two.
 */
const claimStatements = new Map<string, ReturnType<typeof prepareClaim>>();

function claimStatement(dialect: StoreDialect, leaseMs: number): ReturnType<typeof prepareClaim> {
  const key = `${dialect}/${String(leaseMs)}`;
  let statement = claimStatements.get(key);
  if (statement === undefined) {
    statement = prepareClaim(dialect, leaseMs);
    claimStatements.set(key, statement);
  }
  return statement;
}

function prepareClaim(dialect: StoreDialect, leaseMs: number) {
  return preparedStatement(
    (
      db,
      id: string,
      status: string,
      stage: string | null,
      holder: string,
      attempts: number,
      updatedAt: string,
    ) =>
      db
        .updateTable('jobs')
        .set({
          status,
          stage,
          locked_by: holder,
          lease_expires_at: dbTimeIn(dialect, leaseMs),
          attempts,
          updated_at: updatedAt,
        })
        .where('id', '=', id)
        .returningAll()
        .returning((eb) => [outputIdsColumn(eb), checkpointsOrTasksColumn(eb)]),
  );
}

/**
 * Extends the run's lease to `leaseMs` from now (by the database's clock) and answers what the run
 * must react to (a cancel request), in one statement; `undefined` when the lease was lost.
 */
export async function renewLease(
  ctx: CoreContext,
  lease: HeldLease,
): Promise<Pick<JobsTable, 'status' | 'cancel_requested_at'> | undefined> {
  return ctx.store.db
    .updateTable('jobs')
    .set({ lease_expires_at: dbTimeIn(ctx.store.dialect, ctx.leaseMs) })
    .where(leaseHeld(lease))
    .returning(['status', 'cancel_requested_at'])
    .executeTakeFirst();
}

/** What {@link saveProgress} records. */
export interface JobProgress {
  stage: string;
  percent: number;
  detail: string | null;
  updatedAt: string;
}

/** Records a running job's stage and percent, while the run holds its lease. */
export async function saveProgress(ctx: CoreContext, lease: HeldLease, progress: JobProgress): Promise<void> {
  await ctx.store.db
    .updateTable('jobs')
    .set({
      stage: progress.stage,
      percent: progress.percent,
      detail: progress.detail,
      updated_at: progress.updatedAt,
    })
    .where(leaseHeld(lease))
    .where('status', 'in', RUNNING)
    .execute();
}

/**
 * Stores the prepared document's blob key and the preparation's warnings (kept once each); answers
 * the row as it is now.
 */
export async function storeDocument(
  trx: Kysely<Database>,
  ctx: CoreContext,
  input: { row: JobsTable; documentKey: string; warnings: string[] },
): Promise<JobsTable> {
  const warnings = [...(JSON.parse(input.row.warnings_json) as string[]), ...input.warnings];
  return trx
    .updateTable('jobs')
    .set({
      document_key: input.documentKey,
      warnings_json: JSON.stringify([...new Set(warnings)]),
      updated_at: ctx.nowIso(),
    })
    .where('id', '=', input.row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How {@link releaseLease} lets go of a job. */
export interface ReleaseOptions {
  /** The attempt count to keep (a shutdown gives its attempt back); unchanged when omitted. */
  attempts?: number;
  /** The job has no work left (every output ended, or the run failed). */
  workDone?: boolean;
}

/**
 * Lets go of the run's lease so the job is free (for another run, or the sweep); the commit wakes
 * the workers (the account has a concurrency slot again). A lease lost already is left alone.
 */
export async function releaseLease(
  trx: Kysely<Database>,
  lease: HeldLease,
  options: ReleaseOptions = {},
): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({
      locked_by: null,
      lease_expires_at: null,
      ...(options.attempts === undefined ? {} : { attempts: options.attempts }),
      ...(options.workDone === true ? { work_pending: 0 } : {}),
    })
    .where(leaseHeld(lease))
    .execute();
  wakeOnCommit(trx, CHANNELS.jobs);
}

/** An output of the updated job is still queued or rendering. */
function outputsPending(eb: JobsWhere) {
  return eb.exists(
    eb
      .selectFrom('outputs')
      .select('outputs.id')
      .whereRef('outputs.job_id', '=', 'jobs.id')
      .where('outputs.status', 'in', ['queued', 'processing']),
  );
}

/** The lease column as it is while an output of the updated job is pending, else null. */
function leaseWhilePending(eb: JobsWhere, column: 'locked_by' | 'lease_expires_at') {
  return eb.case().when(outputsPending(eb)).then(eb.ref(column)).else(null).end();
}

/**
 * Lets go of the run's lease when the job has no output left to render (every one ended): the
 * test and the write are one statement. True when it let go (the commit wakes the workers).
 */
export async function releaseLeaseWhenDone(trx: Kysely<Database>, lease: HeldLease): Promise<boolean> {
  const released = await trx
    .updateTable('jobs')
    .set({ locked_by: null, lease_expires_at: null, work_pending: 0 })
    .where(leaseHeld(lease))
    .where((eb) => eb.not(outputsPending(eb)))
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) === 0) return false;
  wakeOnCommit(trx, CHANNELS.jobs);
  return true;
}

/** processing → canceling: the running worker sees it at its next lease check. */
export async function requestCancel(trx: Kysely<Database>, jobId: string, now: string): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({ status: 'canceling', cancel_requested_at: now, updated_at: now })
    .where('id', '=', jobId)
    .execute();
}

/** What {@link endJobRow} writes when a job ends. */
export interface JobEnding {
  status: 'succeeded' | 'failed' | 'canceled';
  detail: string | null;
  warnings: string[];
  now: string;
  expiresAt: string | null;
  /** The prepared document's blob key, recorded in the same write (a tiny job's one commit). */
  documentKey?: string;
  /**
   * Lets go of this lease in the same write when no output is left to render (what
   * {@link releaseLeaseWhenDone} does on its own); the answered row's `locked_by` is null then.
   */
  releaseWhenDone?: HeldLease;
}

/**
 * The row of a job that ends: terminal status, no stage, 100 % on success, the warnings, the
 * expiry; a succeeded job keeps pending work (outputs added later), others have none. Answers the
 * row as it is now and its outputs (the job's event shows them). With `releaseWhenDone`, the lease
 * goes in the same statement once no output is pending (the commit wakes the workers).
 */
export async function endJobRow(
  trx: Kysely<Database>,
  row: JobsTable,
  ending: JobEnding,
): Promise<JobWithOutputIds> {
  const workPending = ending.status === 'succeeded' ? row.work_pending : 0;
  const release = ending.releaseWhenDone;
  if (release !== undefined && release.jobId !== row.id)
    throw new Error(`lease of ${release.jobId} on ${row.id}`);
  const write =
    jobEndWrites[ending.documentKey === undefined ? 'kept' : 'document'][
      release === undefined ? 'held' : 'released'
    ];
  const [found] = await write(
    trx,
    row.id,
    release?.holder ?? '',
    ending.status,
    ending.status === 'succeeded' ? 100 : Number(row.percent),
    ending.detail,
    JSON.stringify(ending.warnings),
    ending.now,
    ending.expiresAt,
    ending.documentKey ?? null,
    workPending,
  );
  if (found === undefined) throw new Error(`job ${row.id} not found`);
  const ended = splitOutputIds(found);
  if (release !== undefined && ended.row.locked_by === null) wakeOnCommit(trx, CHANNELS.jobs);
  return ended;
}

/**
 * The job end's write, compiled once per shape: with or without the document key, and with the
 * lease kept or let go once no output is pending (see {@link endJobRow}).
 */
function jobEndWrite(withDocument: boolean, releasing: boolean) {
  return preparedQuery(
    (
      db,
      jobId: string,
      holder: string,
      status: string,
      percent: number,
      detail: string | null,
      warningsJson: string,
      now: string,
      expiresAt: string | null,
      documentKey: string | null,
      workPending: number,
    ) =>
      db
        .updateTable('jobs')
        .set((eb) => ({
          status,
          stage: null,
          percent,
          detail,
          warnings_json: warningsJson,
          updated_at: now,
          ended_at: now,
          expires_at: expiresAt,
          ...(withDocument ? { document_key: documentKey } : {}),
          ...(releasing
            ? {
                locked_by: leaseWhilePending(eb, 'locked_by'),
                lease_expires_at: leaseWhilePending(eb, 'lease_expires_at'),
                work_pending: eb.case().when(outputsPending(eb)).then(workPending).else(0).end(),
              }
            : { work_pending: workPending }),
        }))
        .where(releasing ? leaseHeld({ jobId, holder }) : (eb: JobsWhere) => eb('jobs.id', '=', jobId))
        .returningAll()
        .returning((eb) => [outputIdsColumn(eb)]),
  );
}

const jobEndWrites = {
  kept: { held: jobEndWrite(false, false), released: jobEndWrite(false, true) },
  document: { held: jobEndWrite(true, false), released: jobEndWrite(true, true) },
};

/** Ended jobs past their expiry that no worker holds (up to 200). */
export async function findExpiredJobs(
  db: Kysely<Database>,
  dialect: StoreDialect,
  now: string,
): Promise<Pick<JobsTable, 'id' | 'document_key' | 'expires_at'>[]> {
  return db
    .selectFrom('jobs')
    .select(['id', 'document_key', 'expires_at'])
    .where('status', 'in', ['succeeded', 'failed', 'canceled'])
    .where('expires_at', 'is not', null)
    .where('expires_at', '<', now)
    .where(leaseFree(dialect))
    .limit(200)
    .execute();
}

/**
 * ended → expired: the document goes, and the source too (inline text, URLs that may carry
 * tokens): only its type is kept.
 */
export async function expireJobRows(trx: Kysely<Database>, ids: string[], now: string): Promise<void> {
  await trx
    .updateTable('jobs')
    .set((eb) => ({
      status: 'expired',
      document_key: null,
      work_pending: 0,
      updated_at: now,
      source_json: sql<string>`${'{"type":"'} || ${eb.ref('source_type')} || ${'","removed":true}'}`,
    }))
    .where('id', 'in', ids)
    .execute();
}

/** Deletes the job's row (its outputs, artifacts, checkpoints and file links go first). */
export async function deleteJobRow(trx: Kysely<Database>, jobId: string): Promise<void> {
  await trx.deleteFrom('jobs').where('id', '=', jobId).execute();
}
