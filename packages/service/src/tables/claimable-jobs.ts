import type { Kysely } from 'kysely';
import type { CoreContext } from '../kernel/context.js';
import { dbTimeIn } from '../storage/db-clock.js';
import { preparedQuery } from '../storage/prepared-query.js';
import type { Database, JobsTable } from '../storage/schema.js';
import type { StoreDialect } from '../storage/store.js';
import { leaseFree } from './job-row.js';

// The claim's two reads. Each is built and compiled by Kysely once per dialect and number of jobs
// excluded, then only bound (`preparedQuery`): built on every claim, the two were about 3.5 % of a
// tiny PostgreSQL job's CPU in the process (profiles of pgq27 and pgq29). A process excludes at
// most the jobs it runs at once, so it compiles a handful of shapes.

function claimable(db: Kysely<Database>, dialect: StoreDialect, exclude: string[]) {
  const query = db
    .selectFrom('jobs')
    .where('work_pending', '=', 1)
    .where('status', 'in', ['queued', 'processing', 'canceling', 'succeeded'])
    .where(leaseFree(dialect));
  return exclude.length > 0 ? query.where('id', 'not in', exclude) : query;
}

function prepareFind(dialect: StoreDialect) {
  return preparedQuery((db, ...exclude: string[]) =>
    claimable(db, dialect, exclude).select(['id', 'account_id']).orderBy('created_at', 'asc').limit(32),
  );
}

function prepareLock(dialect: StoreDialect) {
  return preparedQuery((db, accountId: string, ...exclude: string[]) => {
    const query = claimable(db, dialect, exclude)
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('jobs as leased')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('leased.account_id', '=', accountId)
          .where('leased.locked_by', 'is not', null)
          .where('leased.lease_expires_at', '>=', dbTimeIn(dialect))
          .as('leased_count'),
      )
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'asc')
      .limit(1);
    return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
  });
}

/** One compiled statement per dialect and number of jobs excluded. */
function perShape<T>(prepare: (dialect: StoreDialect) => T): (dialect: StoreDialect, excluded: number) => T {
  const statements = new Map<string, T>();
  return (dialect, excluded) => {
    const key = `${dialect}/${String(excluded)}`;
    let statement = statements.get(key);
    if (statement === undefined) {
      statement = prepare(dialect);
      statements.set(key, statement);
    }
    return statement;
  };
}

const findStatement = perShape(prepareFind);
const lockStatement = perShape(prepareLock);

/** A job the claim's first read found: which job, and whose (the claim then locks the account). */
export type ClaimCandidate = Pick<JobsTable, 'id' | 'account_id'>;

/**
 * Up to 32 jobs with work and no live lease, oldest first (`exclude`: jobs this process runs): their
 * ids and accounts only. Every claim runs this read, and a backlog fills all 32 rows: whole rows
 * would carry each queued job's source (a text job's content) to be dropped unread.
 */
export async function findClaimableJobs(
  db: Kysely<Database>,
  dialect: StoreDialect,
  exclude: string[],
): Promise<ClaimCandidate[]> {
  return findStatement(dialect, exclude.length)(db, ...exclude);
}

/** The account's oldest claimable job and how many of its jobs hold a live lease. */
export interface ClaimableJob {
  row: JobsTable;
  /** The account's jobs holding a live lease as the row was locked (its plan's concurrency is counted here). */
  leased: number;
}

/**
 * The account's oldest claimable job, in the claiming transaction (`exclude`: jobs this process
 * runs), with the account's live leases counted by the same statement (one round trip for both;
 * after the account's claim lock, so the count sees every claim before this one); on PostgreSQL it
 * locks the row, skipping rows other claims hold (SQLite's writer holds the database lock already).
 */
export async function lockClaimableJob(
  trx: Kysely<Database>,
  ctx: CoreContext,
  input: { accountId: string; exclude: string[] },
): Promise<ClaimableJob | null> {
  const { accountId, exclude } = input;
  const [found] = await lockStatement(ctx.store.dialect, exclude.length)(trx, accountId, ...exclude);
  if (found === undefined) return null;
  const { leased_count: leased, ...row } = found;
  return { row, leased: Number(leased ?? 0) };
}
