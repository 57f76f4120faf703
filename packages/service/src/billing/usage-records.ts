import { USAGE_UNITS } from '@transmute/contract';
import { sql, type Kysely } from 'kysely';
import { preparedInsertUnread } from '../storage/prepared-query.js';
import { sendBeforeCommit } from '../storage/pipelined-writes.js';
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

/**
 * Adds each unit's delta to a job's records (not its storage records) and moves them to `state`,
 * in one statement.
 */
export async function addToJobRecords(
  trx: Kysely<Database>,
  input: {
    jobId: string;
    state: 'pending' | 'finalized';
    now: string;
    deltaOf: (unit: string) => number;
  },
): Promise<void> {
  const moved = USAGE_UNITS.filter((unit) => input.deltaOf(unit) !== 0);
  // Deltas as double precision: an untyped parameter in a CASE would take the type of `else 0`.
  const delta = sql<number>`case ${sql.ref('unit')} ${sql.join(
    moved.map((unit) => sql`when ${unit} then cast(${input.deltaOf(unit)} as double precision)`),
    sql` `,
  )} else 0 end`;
  // Nobody reads its answer: in a store transaction it is sent with the statements after it.
  const update = trx
    .updateTable('usage_records')
    .set((eb) => ({
      quantity: moved.length === 0 ? eb.ref('quantity') : eb('quantity', '+', delta),
      state: input.state,
      updated_at: input.now,
    }))
    .where('job_id', '=', input.jobId)
    .where('unit', '!=', 'stored_gigabyte_days');
  await sendBeforeCommit(trx, update.compile());
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
