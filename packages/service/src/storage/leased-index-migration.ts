import { sql, type Kysely } from 'kysely';

/**
 * 0180: the jobs holding a lease, by account (`jobs_leased`, partial: only rows whose `locked_by`
 * is set). A claim counts the account's live leases in the statement that locks its job (the
 * plan's concurrency, `lockClaimableJob`); that count was found through `jobs_account_created`, so
 * every claim read every job the account had kept, ended ones included, and grew with its history
 * (a thousand retained jobs made it the most expensive statement of a tiny job on SQLite). The
 * index holds only the jobs running now, so the count reads those alone. A claim and a lease's
 * release each write an entry (in, out) on a small, hot page. The lease's expiry is left out of
 * the index on purpose: a renewal (every 2 s of a running job) changes only that column, so it
 * writes no index entry, and stays a HOT update on PostgreSQL (no new entry in any of the jobs
 * table's indexes).
 */
export async function indexLeasedJobs(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('jobs_leased')
    .on('jobs')
    .column('account_id')
    .where(sql.ref('locked_by'), 'is not', null)
    .execute();
}
