import { sql } from 'kysely';
import { limitsOf } from './accounts.js';
import type { CoreContext } from './context.js';
import { writeEvent } from './events.js';
import { claimJobRow, countLeasedJobs, findClaimableJobs, lockClaimableJob } from './job-row.js';
import { endJob } from './end-job.js';
import { jobWithOutputs } from './resources.js';
import type { JobsTable } from './schema.js';

/** A job run that crashed this many times is failed instead of retried again. */
export const MAX_ATTEMPTS = 5;

/**
 * Claims one job with work for this worker (a lease of `leaseMs` under a fresh holder token),
 * honouring each account's plan concurrency; queued → processing emits `job.processing`. Leases
 * expired by the database's clock put work back here;
 * `exclude` lists the jobs this process is still running (a blocked event loop may have let their
 * lease lapse: renewing it is theirs to do).
 */
export async function claimJob(ctx: CoreContext, exclude: string[] = []): Promise<JobsTable | null> {
  // A cheap read first: an idle poll should not take SQLite's write lock.
  if ((await findClaimableJobs(ctx.store.db, ctx.store.dialect, exclude)).length === 0) return null;
  return ctx.store.transaction(async (trx) => {
    const now = ctx.nowIso();
    for (const candidate of await findClaimableJobs(trx, ctx.store.dialect, exclude)) {
      const row = await lockClaimableJob(trx, ctx, candidate.id);
      if (row === null) continue;
      if (ctx.store.dialect === 'postgres') {
        await sql`select id from accounts where id = ${row.account_id} for update`.execute(trx);
      }
      const account = await trx
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', row.account_id)
        .executeTakeFirst();
      if (account === undefined) continue;
      const leased = await countLeasedJobs(trx, ctx.store.dialect, row.account_id);
      if (leased >= limitsOf(ctx, account).concurrency) continue;
      if (row.attempts >= MAX_ATTEMPTS && row.status !== 'succeeded') {
        await endJob(trx, ctx, row, {
          status: row.status === 'canceling' ? 'canceled' : 'failed',
          detail: 'internal_error: The job stopped repeatedly while processing.',
          warnings: ['internal_error: The job stopped repeatedly while processing.'],
        });
        continue;
      }
      const claimed = await claimJobRow(trx, ctx, { row, now });
      if (row.status === 'queued') {
        await writeEvent(trx, ctx, {
          accountId: row.account_id,
          type: 'job.processing',
          object: await jobWithOutputs(trx, claimed),
        });
      }
      return claimed;
    }
    return null;
  });
}
