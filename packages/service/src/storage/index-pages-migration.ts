import { sql, type Kysely } from 'kysely';

/**
 * 0160: fewer index pages written with every job. Each index of a table is one more page a
 * commit writes when a row goes in (SQLite's log copies every page it touched; PostgreSQL logs
 * them too), and createJob's commit was the largest item of its CPU.
 * - `usage_records_period` (account, period) has had no reader since `usage_totals` (0101) keeps
 *   the sums; `events_account` (account, time) never had one: events are read by id, by the
 *   deliveries that name them. Both go.
 * - `jobs_document` keeps only the jobs that have a document (a job has none until its
 *   extraction ends, nor after it expires). Its one reader asks for keys (`document_key in (…)`),
 *   which implies the key is not null, so both databases still use it.
 */
export async function dropUnreadIndexEntries(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('usage_records_period').execute();
  await db.schema.dropIndex('events_account').execute();
  await db.schema.dropIndex('jobs_document').execute();
  await db.schema
    .createIndex('jobs_document')
    .on('jobs')
    .column('document_key')
    .where(sql.ref('document_key'), 'is not', null)
    .execute();
}
