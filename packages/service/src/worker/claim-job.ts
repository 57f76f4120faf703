import { limitsOf, lockAccountClaims } from '../tables/accounts.js';
import type { CoreContext } from '../kernel/context.js';
import { eventsGoNowhere, writeEvent } from '../tables/events.js';
import { findClaimableJobs, lockClaimableJob, type ClaimCandidate } from '../tables/claimable-jobs.js';
import { claimJobRow, type ClaimedJobRow } from '../tables/job-row.js';
import { endJob } from './end-job.js';
import { sendsAhead } from '../storage/pipelined-writes.js';
import { toJob } from '../tables/resources.js';
import type { JobsTable } from '../storage/schema.js';

/** A job run that crashed this many times is failed instead of retried again. */
export const MAX_ATTEMPTS = 5;

/**
 * Claims one job with work for this worker (a lease of `leaseMs` under a fresh holder token),
 * honouring each account's plan concurrency; queued → processing emits `job.processing`. Leases
 * expired by the database's clock put work back here. `exclude` lists the jobs this process is
 * still running (a blocked event loop may have let their lease lapse: renewing it is theirs to do).
 *
 * The account's claim lock is taken before its job is chosen (`lockAccountClaims`): concurrent
 * claims for one account queue on that lock, and each then counts the account's leases and takes
 * its oldest free job, in one statement (a full account's oldest job is locked, and let go at
 * the commit). (Locking a job first let a claim that
 * waited for the account take a newer job while another claim, about to find the account full,
 * held the oldest: a crashed worker's jobs, the oldest, were passed over for fresh ones.)
 */
export async function claimJob(ctx: CoreContext, exclude: string[] = []): Promise<JobsTable | null> {
  return (await claimNextJob(ctx, exclude)).job;
}

/** What {@link claimNextJob} answers. */
export interface Claim {
  /** The job claimed, or null. */
  job: JobsTable | null;
  /** Whether the job claimed holds checkpoints or tasks of an earlier run (see `ClaimedJobRow`); false without one. */
  checkpointsOrTasks: boolean;
  /**
   * Whether the claim's first read saw a claimable job other than the one claimed: when it saw
   * none, work that comes later is announced by its own commit, so claiming again at once would
   * only read an empty queue.
   */
  othersSeen: boolean;
}

/** {@link claimJob}, telling the worker pool whether to claim again at once. */
export async function claimNextJob(ctx: CoreContext, exclude: string[] = []): Promise<Claim> {
  // A cheap read first: an idle poll should not take SQLite's write lock. Its accounts are the
  // ones tried, oldest job first; each account's job is then chosen under the account's claim lock (an
  // account whose work came after this read is woken by that work's own commit).
  const candidates = await findClaimableJobs(ctx.store.db, ctx.store.dialect, exclude);
  if (candidates.length === 0) return { job: null, othersSeen: false, checkpointsOrTasks: false };
  const claimed = await claimAmong(ctx, candidates, exclude);
  const job = claimed?.row ?? null;
  return {
    job,
    othersSeen: job === null || candidates.some((candidate) => candidate.id !== job.id),
    checkpointsOrTasks: claimed?.checkpointsOrTasks ?? false,
  };
}

/** Claims the oldest job it may of the candidates' accounts (see {@link claimJob}). */
async function claimAmong(
  ctx: CoreContext,
  candidates: ClaimCandidate[],
  exclude: string[],
): Promise<ClaimedJobRow | null> {
  const accounts = new Set(candidates.map((j) => j.account_id));
  // A lazy commit: a claim lost to a crash of the database server undoes itself (see CommitMode),
  // and the account's claim lock is let go without waiting for the disk.
  const outcome = await ctx.store.transaction(
    async (trx) => {
      const now = ctx.nowIso();
      for (const accountId of accounts) {
        // Pipelined, the account's oldest free job is read by the statement sent right behind the
        // lock's, without waiting (PostgreSQL runs it once the lock is held: the lease count is
        // still read after the lock, as fairness needs), so both cost one round trip.
        const locked = lockAccountClaims(trx, ctx, accountId);
        let next = sendsAhead(trx) ? lockClaimableJob(trx, ctx, { accountId, exclude }) : null;
        next?.catch(() => undefined);
        const account = await locked;
        if (account === undefined) {
          await next;
          continue;
        }
        const { concurrency } = limitsOf(ctx, account);
        for (;;) {
          const found = await (next ?? lockClaimableJob(trx, ctx, { accountId, exclude }));
          next = null;
          if (found === null || found.leased >= concurrency) break;
          const { row } = found;
          if (row.attempts >= MAX_ATTEMPTS && row.status !== 'succeeded') {
            await endJob(trx, ctx, row, {
              status: row.status === 'canceling' ? 'canceled' : 'failed',
              detail: 'internal_error: The job stopped repeatedly while processing.',
              warnings: ['internal_error: The job stopped repeatedly while processing.'],
            });
            continue;
          }
          const claiming = claimJobRow(trx, ctx, { row, now });
          // With nothing left to write (no `job.processing` delivery to queue), the claim's
          // update is the body's last statement: pipelined, the COMMIT goes out right behind it
          // and the account's claim lock is held one round trip less. A failed update aborts the
          // transaction, and its COMMIT, answered ROLLBACK, throws that failure.
          if (sendsAhead(trx) && (row.status !== 'queued' || eventsGoNowhere(trx, row.account_id))) {
            claiming.catch(() => undefined);
            return { claiming };
          }
          const claimed = await claiming;
          if (row.status === 'queued') {
            await writeEvent(trx, ctx, {
              accountId: row.account_id,
              type: 'job.processing',
              object: toJob(claimed.row, claimed.outputIds),
            });
          }
          return { claiming: Promise.resolve(claimed) };
        }
      }
      return null;
    },
    { commit: 'lazy' },
  );
  // Answered by now or with the COMMIT's answer, which the transaction has read.
  return outcome === null ? null : await outcome.claiming;
}
