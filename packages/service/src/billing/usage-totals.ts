import type { Kysely } from 'kysely';
import { preparedInsertAfter, preparedInsertUnread, type InsertInto } from '../storage/prepared-query.js';
import type { StoreDialect } from '../storage/store.js';
import type { Database, UsageRecordsTable, UsageTotalsTable } from '../storage/schema.js';
import { insertUsageRecords } from './usage-records.js';

/** The part of a usage record that the period totals count. */
export type UsageContribution = Pick<
  UsageRecordsTable,
  'account_id' | 'period_start' | 'unit' | 'state' | 'estimated' | 'quantity'
>;

/** A usage record as it was (null for a new one) and as it is now. */
export interface UsageChange {
  before: UsageContribution | null;
  after: UsageContribution;
}

/**
 * Keeps `usage_totals` (one row per account, period, unit and state) equal to the sums over
 * `usage_records`, so quota checks on every createJob read a handful of rows instead of summing a
 * whole period. Call it in the transaction that writes the records. One upsert for all changes;
 * additions in an upsert are atomic on both dialects.
 */
export async function addToUsageTotals(trx: Kysely<Database>, changes: UsageChange[]): Promise<void> {
  const rows = totalsOf(changes);
  if (rows.length > 0) await addRows(trx, rows);
}

/**
 * Inserts new usage records and adds them to the totals ({@link addToUsageTotals}): on PostgreSQL
 * in one statement (the records' insert in a data-modifying WITH), saving a round trip of every
 * createJob; on SQLite, which has no such WITH, in two.
 */
export async function insertRecordsAndTotals(
  trx: Kysely<Database>,
  dialect: StoreDialect,
  records: readonly UsageRecordsTable[],
): Promise<void> {
  if (records.length === 0) return;
  const rows = totalsOf(records.map((after) => ({ before: null, after })));
  if (dialect === 'postgres') await addRowsAfterRecords(trx, records, rows);
  else {
    await insertUsageRecords(trx, records);
    await addRows(trx, rows);
  }
}

/** The totals' rows that add `changes`, in one order. */
function totalsOf(changes: readonly UsageChange[]): UsageTotalsTable[] {
  const rows = new Map<string, UsageTotalsTable>();
  const add = (record: UsageContribution, sign: 1 | -1): void => {
    const key = [record.account_id, record.period_start, record.unit, record.state].join('\n');
    const estimated = Number(record.estimated);
    const quantity = Number(record.quantity);
    const row = rows.get(key) ?? {
      account_id: record.account_id,
      period_start: record.period_start,
      unit: record.unit,
      state: record.state,
      estimated: 0,
      quantity: 0,
      committed: 0,
    };
    row.estimated += sign * estimated;
    row.quantity += sign * quantity;
    row.committed += sign * Math.max(estimated, quantity);
    rows.set(key, row);
  };
  for (const { before, after } of changes) {
    if (before !== null) add(before, -1);
    add(after, 1);
  }
  // Rows in one order (by key) in every transaction: PostgreSQL locks them in the order of the
  // values, and two upserts of the same account's totals in different orders could deadlock.
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** Adds each row to the totals' row of its account, period, unit and state (or inserts it). */
function addedUp(insert: InsertInto<'usage_totals'>) {
  return insert.onConflict((oc) =>
    oc.columns(['account_id', 'period_start', 'unit', 'state']).doUpdateSet((eb) => ({
      estimated: eb('usage_totals.estimated', '+', eb.ref('excluded.estimated')),
      quantity: eb('usage_totals.quantity', '+', eb.ref('excluded.quantity')),
      committed: eb('usage_totals.committed', '+', eb.ref('excluded.committed')),
    })),
  );
}

/**
 * The upsert of {@link addToUsageTotals}, compiled once per number of rows; nobody reads its
 * answer, so in a store transaction it goes out with the statements after it (the COMMIT): the
 * totals' row locks are held one round trip less.
 */
const addRows = preparedInsertUnread('usage_totals', addedUp);

/** {@link addRows} with the records' insert in the same statement (PostgreSQL). */
const addRowsAfterRecords = preparedInsertAfter('usage_records', 'usage_totals', addedUp);
