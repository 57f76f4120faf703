import { sql, type Kysely } from 'kysely';
import { limitsOf } from './accounts.js';
import { addMs, type CoreContext } from './context.js';
import { writeEvent } from './events.js';
import { endJob } from './job-transitions.js';
import { jobWithOutputs } from './resources.js';
import type { Database, JobsTable } from './schema.js';

/** A job run that crashed this many times is failed instead of retried again. */
export const MAX_ATTEMPTS = 5;

async function activeCount(trx: Kysely<Database>, accountId: string, now: string): Promise<number> {
  const row = await trx
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('locked_by', 'is not', null)
    .where('lease_expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function claimable(trx: Kysely<Database>, now: string) {
  return trx
    .selectFrom('jobs')
    .selectAll()
    .where('work_pending', '=', 1)
    .where('status', 'in', ['queued', 'processing', 'canceling', 'succeeded'])
    .where((eb) => eb.or([eb('locked_by', 'is', null), eb('lease_expires_at', '<', now)]));
}

async function candidates(trx: Kysely<Database>, now: string, exclude: string[]): Promise<JobsTable[]> {
  let query = claimable(trx, now);
  if (exclude.length > 0) query = query.where('id', 'not in', exclude);
  return query.orderBy('created_at', 'asc').limit(32).execute();
}

/** PostgreSQL: lock one candidate row, skipping rows other workers hold (SQLite holds the write lock already). */
async function lockCandidate(
  trx: Kysely<Database>,
  ctx: CoreContext,
  id: string,
  now: string,
): Promise<JobsTable | null> {
  if (ctx.store.dialect !== 'postgres')
    return (await claimable(trx, now).where('id', '=', id).executeTakeFirst()) ?? null;
  return (await claimable(trx, now).where('id', '=', id).forUpdate().skipLocked().executeTakeFirst()) ?? null;
}

/**
 * Claims one job with work for this worker (a lease of `leaseMs`), honouring each account's plan
 * concurrency; queued → processing emits `job.processing`. Expired leases put work back here;
 * `exclude` lists the jobs this process is still running (a blocked event loop may have let their
 * lease lapse: renewing it is theirs to do).
 */
export async function claimJob(ctx: CoreContext, exclude: string[] = []): Promise<JobsTable | null> {
  // A cheap read first: an idle poll should not take SQLite's write lock.
  if ((await candidates(ctx.store.db, ctx.nowIso(), exclude)).length === 0) return null;
  return ctx.store.transaction(async (trx) => {
    const now = ctx.nowIso();
    for (const candidate of await candidates(trx, now, exclude)) {
      const row = await lockCandidate(trx, ctx, candidate.id, now);
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
      if ((await activeCount(trx, row.account_id, now)) >= limitsOf(ctx, account).concurrency) continue;
      if (row.attempts >= MAX_ATTEMPTS && row.status !== 'succeeded') {
        await endJob(trx, ctx, row, {
          status: row.status === 'canceling' ? 'canceled' : 'failed',
          detail: 'internal_error: The job stopped repeatedly while processing.',
          warnings: ['internal_error: The job stopped repeatedly while processing.'],
        });
        continue;
      }
      const starting = row.status === 'queued';
      const status = starting ? 'processing' : row.status;
      // A processing job always names its stage (CONTRACT §8): the first one is set with the claim.
      const stage = starting ? 'source_acquisition' : row.stage;
      const claimed: JobsTable = {
        ...row,
        status,
        stage,
        locked_by: ctx.workerId,
        lease_expires_at: addMs(now, ctx.leaseMs),
        attempts: row.attempts + 1,
        updated_at: row.status === 'queued' ? now : row.updated_at,
      };
      await trx
        .updateTable('jobs')
        .set({
          status,
          stage,
          locked_by: claimed.locked_by,
          lease_expires_at: claimed.lease_expires_at,
          attempts: claimed.attempts,
          updated_at: claimed.updated_at,
        })
        .where('id', '=', row.id)
        .execute();
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
