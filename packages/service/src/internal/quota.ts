import type { UsageEstimate, UsageUnit } from '@transmute/contract';
import { sql, type Kysely } from 'kysely';
import { limitsOf } from './accounts.js';
import { periodOf, type CoreContext } from './context.js';
import { writeEvent } from './events.js';
import type { AccountsTable, Database } from './schema.js';
import { computeUsage, costOf, unitTotals } from './usage.js';

/** Which limit a create would pass, or null. */
export type QuotaVerdict =
  { exceeded: false } | { exceeded: true; unit: UsageUnit | 'spend_cap'; detail: string };

/** Serializes quota decisions of one account across processes (PostgreSQL row lock; SQLite already holds the write lock). */
export async function lockAccount(trx: Kysely<Database>, ctx: CoreContext, accountId: string): Promise<void> {
  if (ctx.store.dialect === 'postgres') {
    await sql`select id from accounts where id = ${accountId} for update`.execute(trx);
  }
}

/** Would a job with this estimate pass the period's jobs / input_bytes limits or the spend cap? */
export async function checkQuota(
  trx: Kysely<Database>,
  ctx: CoreContext,
  account: AccountsTable,
  estimate: UsageEstimate,
): Promise<QuotaVerdict> {
  const limits = limitsOf(ctx, account);
  const totals = await unitTotals(trx, account.id, periodOf(ctx.now()).start);
  const inputBytes = estimate.quantities.find((q) => q.unit === 'input_bytes')?.quantity ?? 0;
  if (totals.jobs.committed + 1 > limits.jobs) {
    return {
      exceeded: true,
      unit: 'jobs',
      detail: `The plan allows ${String(limits.jobs)} jobs per period.`,
    };
  }
  if (totals.input_bytes.committed + inputBytes > limits.inputBytes) {
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
  return { exceeded: false };
}

/** Emits `quota.warning` once per unit per period when 80 % of a limit is reached. */
export async function emitQuotaWarnings(
  trx: Kysely<Database>,
  ctx: CoreContext,
  account: AccountsTable,
): Promise<void> {
  const limits = limitsOf(ctx, account);
  const period = periodOf(ctx.now());
  const totals = await unitTotals(trx, account.id, period.start);
  const reached: UsageUnit[] = [];
  if (totals.jobs.committed >= 0.8 * limits.jobs) reached.push('jobs');
  if (totals.input_bytes.committed >= 0.8 * limits.inputBytes) reached.push('input_bytes');
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
