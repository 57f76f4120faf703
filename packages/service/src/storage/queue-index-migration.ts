import { sql, type Kysely } from 'kysely';

/**
 * 0170: a new job writes no `jobs_expiry` entry. That index (status, expiry) served two readers:
 * the retention sweep, which asks for ended jobs whose expiry has passed (`expires_at < now`
 * implies `expires_at is not null`), and the queue gauges, which read it as a covering index by
 * status. The gauges now read `jobs_work`, which gains `status` as its last column (a queued job
 * always has work pending: only the insert makes a job queued, with `work_pending = 1`), so
 * `jobs_expiry` keeps only the jobs that have an expiry: none until a job ends. A createJob then
 * writes one index page fewer; a status change writes `jobs_work`'s entry instead of
 * `jobs_expiry`'s (one either way).
 */
export async function keepQueueInWorkIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_work').execute();
  await db.schema
    .createIndex('jobs_work')
    .on('jobs')
    .columns(['work_pending', 'created_at', 'status'])
    .execute();
  await db.schema.dropIndex('jobs_expiry').execute();
  await db.schema
    .createIndex('jobs_expiry')
    .on('jobs')
    .columns(['status', 'expires_at'])
    .where(sql.ref('expires_at'), 'is not', null)
    .execute();
}
