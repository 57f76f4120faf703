import { USAGE_UNITS } from '@transmute/contract';
import { sql, type Kysely, type QueryCreator } from 'kysely';
import { preparedInsertUnread, preparedQuery, preparedStatement } from '../storage/prepared-query.js';
import type { Database, UsageRecordsTable } from '../storage/schema.js';

// Every write to `usage_records`, one named function each: a job's estimate and metered units
// (usage.ts), storage kept over time (storage-usage.ts) and an upload's bytes (validate-file.ts).
// The callers decide what is billed and keep `usage_totals` in step (usage-totals.ts) in the same
// transaction; this file says what is written.

/**
 * The insert of usage records, compiled once per number of records; nobody reads its answer (in a
 * store transaction it is sent with the statements after it).
 */
const insertRecords = preparedInsertUnread('usage_records');

/** Inserts new usage records (each with the same columns, as a row literal has them). */
export async function insertUsageRecords(
  trx: Kysely<Database>,
  records: readonly UsageRecordsTable[],
): Promise<void> {
  await insertRecords(trx, records);
}

/** What metering a job changes on its records: each unit's delta added, the state, the time. */
export interface JobRecordsChange {
  state: 'pending' | 'finalized';
  now: string;
  deltaOf: (unit: string) => number;
}

/**
 * The update of a job's records (not its storage records) by a change: one CASE over every unit
 * (in `USAGE_UNITS` order, the deltas bound as double precision: an untyped parameter in a CASE
 * would take the type of `else 0`), so the statement's text is the same whatever the deltas.
 */
function updateJobRecords(
  db: QueryCreator<Database>,
  jobId: string,
  state: string,
  now: string,
  deltas: unknown[],
) {
  const delta = sql<number>`case ${sql.ref('unit')} ${sql.join(
    USAGE_UNITS.map((unit, index) => sql`when ${unit} then cast(${deltas[index]} as double precision)`),
    sql` `,
  )} else 0 end`;
  return db
    .updateTable('usage_records')
    .set((eb) => ({ quantity: eb('quantity', '+', delta), state, updated_at: now }))
    .where('job_id', '=', jobId)
    .where('unit', '!=', 'stored_gigabyte_days');
}

const deltasOf = (change: JobRecordsChange): number[] => USAGE_UNITS.map((unit) => change.deltaOf(unit));

/**
 * PostgreSQL: a job's records as they were, read by the statement that changes them (a
 * data-modifying WITH: every part of one statement sees the snapshot taken before it), compiled once.
 */
const updateRecordsReadingBefore = preparedQuery(
  (db, jobId: string, state: string, now: string, ...deltas: number[]) =>
    db
      .with('moved', (w) => updateJobRecords(w, jobId, state, now, deltas).returning('id'))
      .selectFrom('usage_records')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('unit', '!=', 'stored_gigabyte_days'),
);

/** The update of a job's records alone (SQLite's metering), compiled once. */
const updateRecords = preparedStatement(
  (db, jobId: string, state: string, now: string, ...deltas: number[]) =>
    updateJobRecords(db, jobId, state, now, deltas),
);

/**
 * Adds each unit's delta to a job's records (not its storage records) and moves them to `state`
 * (SQLite, which reads the records before: see {@link addToJobRecordsReadingBefore} for PostgreSQL).
 */
export async function addToJobRecords(
  trx: Kysely<Database>,
  jobId: string,
  change: JobRecordsChange,
): Promise<void> {
  await updateRecords(trx, jobId, change.state, change.now, ...deltasOf(change));
}

/**
 * {@link addToJobRecords} in the statement that reads the records as they were before it
 * (PostgreSQL only): answers them.
 */
export function addToJobRecordsReadingBefore(
  trx: Kysely<Database>,
  jobId: string,
  change: JobRecordsChange,
): Promise<UsageRecordsTable[]> {
  return updateRecordsReadingBefore(trx, jobId, change.state, change.now, ...deltasOf(change));
}

/** Sets one record's quantity (a storage record of a period that grew). */
export async function setUsageQuantity(
  trx: Kysely<Database>,
  record: { id: string; quantity: number; updatedAt: string },
): Promise<void> {
  await trx
    .updateTable('usage_records')
    .set({ quantity: record.quantity, updated_at: record.updatedAt })
    .where('id', '=', record.id)
    .execute();
}
