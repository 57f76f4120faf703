import {
  USAGE_UNITS,
  type AccountStatus,
  type Plan,
  type Usage,
  type UsageEstimate,
  type UsageUnit,
  type UsageUnitLine,
} from '@transmute/contract';
import type { UsageQuantities } from '../kernel/engine.js';
import type { Kysely } from 'kysely';
import { PROVIDER_UNITS } from '../kernel/plans.js';
import { limitsOf } from '../tables/accounts.js';
import { periodOf, type CoreContext } from '../kernel/context.js';
import { newId } from '../kernel/ids.js';
import { preparedQuery } from '../storage/prepared-query.js';
import { sendsAhead } from '../storage/pipelined-writes.js';
import type { AccountsTable, Database, UsageRecordsTable } from '../storage/schema.js';
import { finishStorageTouch, openStorageMeter, type StorageSubject } from './storage-usage.js';
import { addToUsageTotals, insertRecordsAndTotals, type UsageChange } from './usage-totals.js';
import {
  addToJobRecords,
  addToJobRecordsReadingBefore,
  insertUsageRecords,
  type JobRecordsChange,
} from './usage-records.js';

/** Totals of one unit in a period. */
export interface UnitTotals {
  estimated: number;
  pending: number;
  finalized: number;
  /** max(estimated, used) summed over records: what quotas count. */
  committed: number;
}

/** Totals of an account's usage in a period, from the running sums in `usage_totals`. */
export async function unitTotals(
  db: Kysely<Database>,
  accountId: string,
  periodStart: string,
): Promise<Record<UsageUnit, UnitTotals>> {
  const rows = await totalsOfPeriod(db, accountId, periodStart);
  const totals = Object.fromEntries(
    USAGE_UNITS.map((unit) => [unit, { estimated: 0, pending: 0, finalized: 0, committed: 0 }]),
  ) as Record<UsageUnit, UnitTotals>;
  for (const row of rows) {
    const line = totals[row.unit as UsageUnit] as UnitTotals | undefined;
    if (line === undefined) continue;
    const quantity = roundSum(row.quantity);
    line.estimated += roundSum(row.estimated);
    if (row.state === 'finalized') {
      line.finalized += quantity;
      line.committed += quantity;
    } else {
      line.pending += quantity;
      line.committed += roundSum(row.committed);
    }
  }
  return totals;
}

const totalsOfPeriod = preparedQuery((db, accountId: string, periodStart: string) =>
  db
    .selectFrom('usage_totals')
    .select(['unit', 'state', 'estimated', 'quantity', 'committed'])
    .where('account_id', '=', accountId)
    .where('period_start', '=', periodStart),
);

/** Running sums add and subtract fractional quantities (seconds): drop the float dust. */
function roundSum(value: number): number {
  return Math.round(Number(value) * 1e6) / 1e6;
}

/** Cost of quantities in micro-USD (rounded per line). */
export function costOf(ctx: CoreContext, quantities: Partial<Record<UsageUnit, number>>): number {
  let total = 0;
  for (const unit of USAGE_UNITS) total += Math.round((quantities[unit] ?? 0) * ctx.prices[unit]);
  return total;
}

/** The Usage resource of an account for the period containing `at` (default now). */
export async function computeUsage(
  ctx: CoreContext,
  db: Kysely<Database>,
  account: AccountsTable,
  at: Date = ctx.now(),
): Promise<Usage> {
  const period = periodOf(at);
  const totals = await unitTotals(db, account.id, period.start);
  const entries = await db
    .selectFrom('billing_entries')
    .select(['kind', 'amount_microusd', 'unit', 'quantity'])
    .where('account_id', '=', account.id)
    .where('period_start', '=', period.start)
    .execute();
  const credited: Partial<Record<UsageUnit, number>> = {};
  let credits = 0;
  let refunds = 0;
  for (const entry of entries) {
    if (entry.kind === 'credit' && entry.unit !== null) {
      const unit = entry.unit as UsageUnit;
      credited[unit] = (credited[unit] ?? 0) + Number(entry.quantity ?? 0);
    } else if (entry.kind === 'credit') credits += Number(entry.amount_microusd);
    else if (entry.kind === 'refund') refunds += Number(entry.amount_microusd);
  }
  const units: UsageUnitLine[] = USAGE_UNITS.map((unit) => {
    const line = totals[unit];
    const creditedQty = Math.min(credited[unit] ?? 0, line.finalized);
    return {
      unit,
      estimated: line.estimated,
      pending: line.pending,
      finalized: line.finalized,
      credited: creditedQty,
      billable: Math.max(0, line.finalized - creditedQty),
    };
  });
  const pick = (filter: (unit: UsageUnit) => boolean, field: 'finalized' | 'billable'): number =>
    costOf(ctx, Object.fromEntries(units.filter((u) => filter(u.unit)).map((u) => [u.unit, u[field]])));
  const billable = pick(() => true, 'billable');
  const limits = limitsOf(ctx, account);
  const usage: Usage = {
    period_start: period.start,
    period_end: period.end,
    jobs_created: Math.round(totals.jobs.estimated),
    input_bytes: Math.round(totals.input_bytes.pending + totals.input_bytes.finalized),
    output_bytes: Math.round(totals.output_bytes.pending + totals.output_bytes.finalized),
    plan: account.plan as Plan,
    account_status: account.status as AccountStatus,
    units,
    costs: {
      currency: 'USD',
      provider_cost_microusd: pick((u) => PROVIDER_UNITS.includes(u), 'finalized'),
      internal_cost_microusd: pick((u) => !PROVIDER_UNITS.includes(u), 'finalized'),
      billable_cost_microusd: billable,
      credits_microusd: credits,
      refunds_microusd: refunds,
      net_due_microusd: Math.max(0, billable - credits - refunds),
    },
    warnings: [],
    limits: {
      jobs: limits.jobs,
      input_bytes: limits.inputBytes,
      concurrency: limits.concurrency,
      spend_cap_microusd: limits.spendCapMicrousd,
    },
  };
  if (totals.jobs.committed >= 0.8 * limits.jobs) {
    usage.warnings.push(
      `quota_warning: ${String(Math.round(totals.jobs.committed))} of ${String(limits.jobs)} jobs used.`,
    );
  }
  if (totals.input_bytes.committed >= 0.8 * limits.inputBytes) {
    usage.warnings.push('quota_warning: 80% or more of the input_bytes limit is used.');
  }
  if (account.status === 'grace') usage.warnings.push('account_grace: the account is in its grace period.');
  return usage;
}

/** Builds a job's usage estimate (CONTRACT §8). */
export function toUsageEstimate(
  ctx: CoreContext,
  quantities: Partial<Record<UsageUnit, number>>,
  confidence: UsageEstimate['confidence'],
): UsageEstimate {
  return {
    quantities: USAGE_UNITS.filter((unit) => quantities[unit] !== undefined).map((unit) => ({
      unit,
      quantity: quantities[unit] ?? 0,
    })),
    estimated_cost_microusd: costOf(ctx, quantities),
    currency: 'USD',
    confidence,
  };
}

/** Inserts a job's usage records (estimated; pending, nothing consumed yet). */
export async function insertUsageEstimate(
  trx: Kysely<Database>,
  ctx: CoreContext,
  job: { id: string; accountId: string; createdAt: string },
  estimate: UsageEstimate,
): Promise<void> {
  const period = periodOf(new Date(job.createdAt));
  const records = estimate.quantities.map((line): UsageRecordsTable => ({
    id: newId('use'),
    account_id: job.accountId,
    job_id: job.id,
    unit: line.unit,
    estimated: line.quantity,
    quantity: line.unit === 'jobs' ? 1 : 0,
    state: 'pending',
    period_start: period.start,
    created_at: job.createdAt,
    updated_at: job.createdAt,
  }));
  await insertRecordsAndTotals(trx, ctx.store.dialect, records);
}

/** A job's usage records but its storage ones (read by every metering on SQLite, compiled once). */
const meteredRecordsOf = preparedQuery((db, jobId: string) =>
  db
    .selectFrom('usage_records')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('unit', '!=', 'stored_gigabyte_days'),
);

/**
 * Opens the job's storage meter and changes its records, answering the records as they were (the
 * totals need each one as it was): on PostgreSQL one statement does both to the records, sent
 * behind the meter's opening without waiting (one round trip for both, the meter locked first as
 * every metering does); on SQLite the records are read, then updated when there are any.
 */
async function changeJobRecords(
  trx: Kysely<Database>,
  ctx: CoreContext,
  subject: StorageSubject,
  change: JobRecordsChange,
): Promise<{ existing: UsageRecordsTable[]; opened: Promise<boolean> }> {
  if (ctx.store.dialect === 'postgres') {
    const opened = openStorageMeter(trx, subject, change.now);
    opened.catch(() => undefined);
    if (!sendsAhead(trx)) await opened;
    return { existing: await addToJobRecordsReadingBefore(trx, subject.id, change), opened };
  }
  const existing = await meteredRecordsOf(trx, subject.id);
  const opened = openStorageMeter(trx, subject, change.now);
  opened.catch(() => undefined);
  if (existing.length > 0) await addToJobRecords(trx, subject.id, change);
  return { existing, opened };
}

/**
 * Adds what a job really consumed to its usage records; `finalized` once the job ended (later
 * outputs of a succeeded job add to finalized records). Metering follows a change of what the job
 * keeps (its document, an output), so its storage meter is touched too (storage-usage.ts).
 * A few statements whatever the number of units: the records are read as they were (the totals
 * need each one so) and updated together, one statement on PostgreSQL and two on SQLite, then the
 * units without a record are inserted together.
 */
export async function meterJob(
  trx: Kysely<Database>,
  ctx: CoreContext,
  job: { id: string; account_id: string; created_at: string },
  deltas: UsageQuantities,
  state: 'pending' | 'finalized',
): Promise<void> {
  const now = ctx.nowIso();
  const period = periodOf(new Date(job.created_at));
  const deltaOf = (unit: string): number => (unit === 'jobs' ? 0 : (deltas[unit as UsageUnit] ?? 0));
  // Storage records (storage-usage.ts) are billed and finalized by the sweep, never here.
  const subject = { id: job.id, accountId: job.account_id };
  const { existing, opened } = await changeJobRecords(trx, ctx, subject, { state, now, deltaOf });
  const changes: UsageChange[] = existing.map((row) => ({
    before: row,
    // The same addition the update makes, so the totals move by exactly what the records do.
    after: { ...row, quantity: Number(row.quantity) + deltaOf(row.unit), state, updated_at: now },
  }));
  const recorded = new Set(existing.map((row) => row.unit));
  const added = USAGE_UNITS.filter((unit) => !recorded.has(unit) && deltaOf(unit) > 0).map(
    (unit): UsageRecordsTable => ({
      id: newId('use'),
      account_id: job.account_id,
      job_id: job.id,
      unit,
      estimated: 0,
      quantity: deltaOf(unit),
      state,
      period_start: period.start,
      created_at: now,
      updated_at: now,
    }),
  );
  if (added.length > 0) await insertUsageRecords(trx, added);
  for (const record of added) changes.push({ before: null, after: record });
  await addToUsageTotals(trx, changes);
  await finishStorageTouch(trx, ctx, subject, now, await opened);
}
