import type { UsageEstimate, UsageUnit } from '@transmute/contract';
import type { Kysely } from 'kysely';
import { limitsOf } from '../tables/accounts.js';
import { periodOf, type CoreContext } from '../kernel/context.js';
import { writeEvent } from '../tables/events.js';
import type { AccountsTable, Database } from '../storage/schema.js';
import { UNSETTLED_UPLOAD_STATES } from '../tables/upload-states.js';
import { computeUsage, costOf, unitTotals, type UnitTotals } from './usage.js';

/** Which limit a create would pass, or null. */
export type QuotaVerdict =
  { exceeded: false } | { exceeded: true; unit: UsageUnit | 'spend_cap'; detail: string };

/** The units a quota warning watches, as committed in the period. */
export type WatchedTotals = Record<'jobs' | 'input_bytes', number>;

/** {@link checkQuota}'s verdict on a job; when it passes, the totals once the job is recorded. */
export type JobQuotaVerdict =
  Extract<QuotaVerdict, { exceeded: true }> | { exceeded: false; after: WatchedTotals };

/**
 * Reads the account's totals of this period that {@link checkQuota} decides on. Sent in a
 * transaction right behind the statement that takes the account's lock (createJob), it is not
 * waited for apart: PostgreSQL runs it once the lock is held, with a snapshot taken then, so it
 * still sees every total committed before the lock was granted.
 */
export function readQuotaTotals(
  trx: Kysely<Database>,
  ctx: CoreContext,
  accountId: string,
): Promise<Record<UsageUnit, UnitTotals>> {
  return unitTotals(trx, accountId, periodOf(ctx.now()).start);
}

/**
 * Would a job with this estimate pass the period's jobs / input_bytes limits or the spend cap?
 * `totals` is the account's read by {@link readQuotaTotals} after its lock (read here when not given).
 */
export async function checkQuota(
  trx: Kysely<Database>,
  ctx: CoreContext,
  account: AccountsTable,
  estimate: UsageEstimate,
  totalsRead: Promise<Record<UsageUnit, UnitTotals>> = readQuotaTotals(trx, ctx, account.id),
): Promise<JobQuotaVerdict> {
  const limits = limitsOf(ctx, account);
  const totals = await totalsRead;
  const inputBytes = estimate.quantities.find((q) => q.unit === 'input_bytes')?.quantity ?? 0;
  const after = { jobs: totals.jobs.committed + 1, input_bytes: totals.input_bytes.committed + inputBytes };
  if (after.jobs > limits.jobs) {
    return {
      exceeded: true,
      unit: 'jobs',
      detail: `The plan allows ${String(limits.jobs)} jobs per period.`,
    };
  }
  if (after.input_bytes > limits.inputBytes) {
    return {
      exceeded: true,
      unit: 'input_bytes',
      detail: `The plan allows ${String(limits.inputBytes)} input bytes per period.`,
    };
  }
  if (limits.spendCapMicrousd !== null) {
    const committed: Partial<Record<UsageUnit, number>> = {};
    for (const [unit, line] of Object.entries(totals)) committed[unit as UsageUnit] = line.committed;
    if (costOf(ctx, committed) + estimate.estimated_cost_microusd > limits.spendCapMicrousd) {
      return {
        exceeded: true,
        unit: 'spend_cap',
        detail: `The spend cap of ${String(limits.spendCapMicrousd)} micro-USD would be passed.`,
      };
    }
  }
  return { exceeded: false, after };
}

/**
 * Would an upload intent of `sizeBytes` pass the period's `input_bytes` limit? Counts the input
 * already committed, the declared sizes of the account's unsettled uploads and the new one, so an
 * account never parks more bytes than its input limit has room for. Call it under
 * `lockMutableAccount` (tables/accounts.ts), in the transaction that inserts the file, so concurrent intents cannot all
 * pass on the same sum.
 */
export async function checkUploadQuota(
  trx: Kysely<Database>,
  ctx: CoreContext,
  account: AccountsTable,
  sizeBytes: number,
): Promise<QuotaVerdict> {
  const limits = limitsOf(ctx, account);
  const totals = await unitTotals(trx, account.id, periodOf(ctx.now()).start);
  const unsettled = await trx
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | string | null>('size_bytes').as('bytes'))
    .where('account_id', '=', account.id)
    .where('status', 'in', UNSETTLED_UPLOAD_STATES)
    .executeTakeFirst();
  const used = totals.input_bytes.committed;
  const held = Number(unsettled?.bytes ?? 0);
  if (used + held + sizeBytes <= limits.inputBytes) return { exceeded: false };
  return {
    exceeded: true,
    unit: 'input_bytes',
    detail:
      `The plan allows ${String(limits.inputBytes)} input bytes per period: ${String(used)} are used ` +
      `and ${String(held)} are held by uploads not yet completed.`,
  };
}

async function watchedTotals(
  trx: Kysely<Database>,
  accountId: string,
  periodStart: string,
): Promise<WatchedTotals> {
  const read = await unitTotals(trx, accountId, periodStart);
  return { jobs: read.jobs.committed, input_bytes: read.input_bytes.committed };
}

/**
 * Emits `quota.warning` once per unit per period when 80 % of a limit is reached. `committed` are
 * the period's totals when the caller knows them (a create that {@link checkQuota} passed, under
 * the account's lock); otherwise they are read.
 */
export async function emitQuotaWarnings(
  trx: Kysely<Database>,
  ctx: CoreContext,
  account: AccountsTable,
  committed?: WatchedTotals,
): Promise<void> {
  const limits = limitsOf(ctx, account);
  const period = periodOf(ctx.now());
  const totals: WatchedTotals = committed ?? (await watchedTotals(trx, account.id, period.start));
  const reached: UsageUnit[] = [];
  if (totals.jobs >= 0.8 * limits.jobs) reached.push('jobs');
  if (totals.input_bytes >= 0.8 * limits.inputBytes) reached.push('input_bytes');
  for (const unit of reached) {
    const inserted = await trx
      .insertInto('quota_warnings')
      .values({ account_id: account.id, unit, period_start: period.start, created_at: ctx.nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'unit', 'period_start']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) {
      await writeEvent(trx, ctx, {
        accountId: account.id,
        type: 'quota.warning',
        object: await computeUsage(ctx, trx, account),
      });
    }
  }
}

/** Records the refusal (its own transaction: the refused create wrote nothing). */
export async function emitQuotaExceeded(ctx: CoreContext, account: AccountsTable): Promise<void> {
  await ctx.store.transaction(async (trx) => {
    await writeEvent(trx, ctx, {
      accountId: account.id,
      type: 'quota.exceeded',
      object: await computeUsage(ctx, trx, account),
    });
  });
}
