/*
 * Metering of `stored_gigabyte_days` (CONTRACT §11): the bytes kept × the days they are kept,
 * billed to the period in which the keeping happened.
 *
 * Every job or uploaded file whose content is kept has a storage meter (`storage_meters`): the bytes
 * last measured and `accrued_until`, before which its storage is already in `usage_records`.
 * A job keeps its inline text input, its normalized document, any checkpoints left and its output
 * artifacts; a file keeps its bytes from `ready` on. A job's input files are metered as files (they
 * live at least as long as the job), never a second time under the job.
 *
 * Advancing a meter to t bills bytes × (t − accrued_until), cut at period boundaries so each part
 * lands in its own period: one `finalized` usage record per subject and period (time that has
 * passed cannot change, so it is final at once), written with the meter and `addToUsageTotals` in
 * one transaction. A meter advances:
 * - in the retention sweep when due: the sweep measures the subject (rows and blob sizes), bills the
 *   time since the last advance at what it measured and makes it due again at the next UTC midnight.
 *   So long-kept (`account`) content accrues day by day, and the last day of a month is billed to
 *   that month right after midnight, whatever the month's length;
 * - when content changes (a job's usage metered, a file turning `ready`): the time so far is billed
 *   at the old bytes and the meter is due at once (the next sweep measures the new bytes);
 * - at expiry (billed up to `expires_at`, not to when the sweep got there) and deletion (up to now),
 *   which remove the meter: content deleted early is billed for the time it was kept, nothing more;
 * - before a billing period is closed or invoiced: the account's meters up to the period's end.
 * Cheap by design: the sweep reads only due meters (index on `due_at`), about one advance per meter
 * per day; requests never scan. Gigabytes are decimal (10^9 bytes); a day is 86 400 s.
 */
import type { Kysely } from 'kysely';
import { periodOf, type CoreContext, type ServiceContext } from '../kernel/context.js';
import { newId } from '../kernel/ids.js';
import { preparedStatement } from '../storage/prepared-query.js';
import type { Database, StorageMetersTable, UsageRecordsTable } from '../storage/schema.js';
import { addToUsageTotals, type UsageChange } from './usage-totals.js';
import { insertUsageRecords, setUsageQuantity } from './usage-records.js';

const UNIT = 'stored_gigabyte_days';
const DAY_MS = 86_400_000;
const GIGABYTE = 1e9;
/** Meters measured per sweep at most, read this many at a time. */
const MAX_METERS_PER_SWEEP = 5000;
const METER_BATCH = 200;
/** File states whose bytes are kept (a rejected file's bytes are removed at once). */
const KEPT_FILE_STATES = new Set(['uploaded', 'validating', 'ready']);

/** A job or file whose content is kept. */
export interface StorageSubject {
  /** The job (`job_…`) or file (`file_…`) id. */
  id: string;
  accountId: string;
}

/** Gigabyte-days of `bytes` kept from `from` to `to`, cut at period boundaries. */
export function storageQuantities(
  bytes: number,
  from: string,
  to: string,
): { periodStart: string; quantity: number }[] {
  const parts: { periodStart: string; quantity: number }[] = [];
  const end = Date.parse(to);
  let start = Date.parse(from);
  while (bytes > 0 && start < end) {
    const period = periodOf(new Date(start));
    const partEnd = Math.min(end, Date.parse(period.end));
    parts.push({ periodStart: period.start, quantity: (bytes / GIGABYTE) * ((partEnd - start) / DAY_MS) });
    start = partEnd;
  }
  return parts;
}

/** One meter moved forward: bill `billBytes` up to `until`, then keep `next` (null: remove it). */
interface Advance {
  meter: StorageMetersTable;
  until: string;
  billBytes: number;
  next: { bytes: number; dueAt: string } | null;
}

/**
 * Applies advances in one transaction. A meter someone else advanced since it was read is left
 * out (the conditional update or delete matches nothing); returns the ids that were applied.
 * Meter rows are written first, in id order, so concurrent writers lock them in one order.
 */
async function applyAdvances(
  trx: Kysely<Database>,
  ctx: CoreContext,
  advances: Advance[],
): Promise<Set<string>> {
  const applied: Advance[] = [];
  for (const advance of [...advances].sort((a, b) => (a.meter.subject_id < b.meter.subject_id ? -1 : 1))) {
    const { meter, next } = advance;
    const accruedUntil = advance.until > meter.accrued_until ? advance.until : meter.accrued_until;
    const result =
      next === null
        ? await trx
            .deleteFrom('storage_meters')
            .where('subject_id', '=', meter.subject_id)
            .where('accrued_until', '=', meter.accrued_until)
            .executeTakeFirst()
            .then((r) => r.numDeletedRows)
        : await trx
            .updateTable('storage_meters')
            .set({ bytes: next.bytes, accrued_until: accruedUntil, due_at: next.dueAt })
            .where('subject_id', '=', meter.subject_id)
            .where('accrued_until', '=', meter.accrued_until)
            .executeTakeFirst()
            .then((r) => r.numUpdatedRows);
    if (Number(result) === 1) applied.push(advance);
  }
  const parts = applied.flatMap(({ meter, until, billBytes }) =>
    storageQuantities(billBytes, meter.accrued_until, until).map((part) => ({ meter, ...part })),
  );
  if (parts.length > 0) await addStorageRecords(trx, ctx, parts);
  return new Set(applied.map((advance) => advance.meter.subject_id));
}

/** Adds quantities to the subjects' storage records of each period (one record per subject and period). */
async function addStorageRecords(
  trx: Kysely<Database>,
  ctx: CoreContext,
  parts: { meter: StorageMetersTable; periodStart: string; quantity: number }[],
): Promise<void> {
  const now = ctx.nowIso();
  const ids = [...new Set(parts.map((part) => part.meter.subject_id))];
  const existing = await trx
    .selectFrom('usage_records')
    .selectAll()
    .where('job_id', 'in', ids)
    .where('unit', '=', UNIT)
    .execute();
  const records = new Map(existing.map((row) => [`${row.job_id}\n${row.period_start}`, row]));
  const changes: UsageChange[] = [];
  for (const { meter, periodStart, quantity } of parts) {
    const key = `${meter.subject_id}\n${periodStart}`;
    const before = records.get(key);
    if (before === undefined) {
      const record: UsageRecordsTable = {
        id: newId('use'),
        account_id: meter.account_id,
        job_id: meter.subject_id,
        unit: UNIT,
        estimated: 0,
        quantity,
        state: 'finalized',
        period_start: periodStart,
        created_at: now,
        updated_at: now,
      };
      await insertUsageRecords(trx, [record]);
      records.set(key, record);
      changes.push({ before: null, after: record });
    } else {
      const after = { ...before, quantity: Number(before.quantity) + quantity, updated_at: now };
      await setUsageQuantity(trx, { id: before.id, quantity: after.quantity, updatedAt: now });
      records.set(key, after);
      changes.push({ before, after });
    }
  }
  await addToUsageTotals(trx, changes);
}

/** Reads meters and applies what `plan` makes of them, again for those advanced concurrently. */
async function advanceMeters(
  trx: Kysely<Database>,
  ctx: CoreContext,
  ids: string[],
  plan: (meter: StorageMetersTable) => Advance,
): Promise<void> {
  let pending = ids;
  // A meter advanced by another transaction since it was read is read again (PostgreSQL READ
  // COMMITTED sees the other's commit); SQLite's single writer never needs a second round.
  for (let round = 0; round < 5 && pending.length > 0; round += 1) {
    const meters = await trx
      .selectFrom('storage_meters')
      .selectAll()
      .where('subject_id', 'in', pending)
      .execute();
    const applied = await applyAdvances(trx, ctx, meters.map(plan));
    pending = meters.map((meter) => meter.subject_id).filter((id) => !applied.has(id));
  }
}

/**
 * The content of a subject changed at `at` (or is kept from now on): bills the time so far at the
 * bytes measured before and makes the meter due, so the next sweep measures the new content.
 * Opens the meter when there is none. Call it in the transaction of the change.
 */
export async function touchStorageMeter(
  trx: Kysely<Database>,
  ctx: CoreContext,
  subject: StorageSubject,
  at: string = ctx.nowIso(),
): Promise<void> {
  const opened = await openStorageMeter(trx, subject, at);
  await finishStorageTouch(trx, ctx, subject, at, opened);
}

/**
 * {@link openStorageMeter}'s insert, compiled once and sent on the transaction's connection
 * directly: it leaves in the order it is called, before a statement the caller sends after it.
 */
const insertMeterUnlessOpen = preparedStatement((db, subjectId: string, accountId: string, at: string) =>
  db
    .insertInto('storage_meters')
    .values({ subject_id: subjectId, account_id: accountId, bytes: 0, accrued_until: at, due_at: at })
    .onConflict((oc) => oc.column('subject_id').doNothing()),
);

/**
 * The first half of {@link touchStorageMeter}: opens the subject's meter, due at once, when it has
 * none (true). A caller may send it early and finish the touch ({@link finishStorageTouch}) later
 * in the same transaction.
 */
export async function openStorageMeter(
  trx: Kysely<Database>,
  subject: StorageSubject,
  at: string,
): Promise<boolean> {
  const opened = await insertMeterUnlessOpen(trx, subject.id, subject.accountId, at);
  return Number(opened.numAffectedRows ?? 0) === 1;
}

/** The rest of {@link touchStorageMeter}, after {@link openStorageMeter} answered `opened`. */
export async function finishStorageTouch(
  trx: Kysely<Database>,
  ctx: CoreContext,
  subject: StorageSubject,
  at: string,
  opened: boolean,
): Promise<void> {
  // A meter opened just now has nothing to bill and is already due.
  if (opened) return;
  await advanceMeters(trx, ctx, [subject.id], (meter) => ({
    meter,
    until: at,
    billBytes: Number(meter.bytes),
    next: { bytes: Number(meter.bytes), dueAt: at },
  }));
}

/**
 * The content of subjects is gone (expired at `until`, or deleted): bills the last part and
 * removes their meters. Subjects without a meter are skipped. Call it in the removal's transaction.
 */
export async function closeStorageMeters(
  trx: Kysely<Database>,
  ctx: CoreContext,
  ends: { id: string; until: string }[],
): Promise<void> {
  if (ends.length === 0) return;
  const untilOf = new Map(ends.map((end) => [end.id, end.until]));
  await advanceMeters(trx, ctx, [...untilOf.keys()], (meter) => ({
    meter,
    until: untilOf.get(meter.subject_id) ?? meter.accrued_until,
    billBytes: Number(meter.bytes),
    next: null,
  }));
}

/** Bills an account's storage up to `until` at the bytes last measured (before a period is closed). */
export async function accrueAccountStorage(
  trx: Kysely<Database>,
  ctx: CoreContext,
  accountId: string,
  until: string,
): Promise<void> {
  const meters = await trx
    .selectFrom('storage_meters')
    .select('subject_id')
    .where('account_id', '=', accountId)
    .where('accrued_until', '<', until)
    .execute();
  if (meters.length === 0) return;
  await advanceMeters(
    trx,
    ctx,
    meters.map((meter) => meter.subject_id),
    (meter) => ({
      meter,
      until,
      billBytes: Number(meter.bytes),
      next: { bytes: Number(meter.bytes), dueAt: meter.due_at },
    }),
  );
}

/** The bytes a subject keeps now, or null when its content is gone. */
async function measure(ctx: ServiceContext, subjectId: string): Promise<number | null> {
  const db = ctx.store.db;
  if (subjectId.startsWith('file_')) {
    const file = await db
      .selectFrom('files')
      .select(['status', 'blob_key', 'size_bytes', 'received_size'])
      .where('id', '=', subjectId)
      .executeTakeFirst();
    if (file?.blob_key == null || !KEPT_FILE_STATES.has(file.status)) return null;
    return Number(file.received_size ?? file.size_bytes);
  }
  const job = await db
    .selectFrom('jobs')
    .select(['status', 'source_type', 'input_bytes', 'document_key'])
    .where('id', '=', subjectId)
    .executeTakeFirst();
  if (job === undefined || job.status === 'expired') return null;
  const artifacts = await db
    .selectFrom('artifacts')
    .innerJoin('outputs', 'outputs.id', 'artifacts.output_id')
    .select('artifacts.size_bytes')
    .where('outputs.job_id', '=', subjectId)
    .where('artifacts.blob_key', 'is not', null)
    .execute();
  const checkpoints = await db
    .selectFrom('job_checkpoints')
    .select('blob_key')
    .where('job_id', '=', subjectId)
    .execute();
  let bytes = job.source_type === 'text' ? Number(job.input_bytes) : 0;
  for (const artifact of artifacts) bytes += Number(artifact.size_bytes);
  for (const key of [job.document_key, ...checkpoints.map((c) => c.blob_key)]) {
    if (key !== null) bytes += (await ctx.blobs.stat(key))?.sizeBytes ?? 0;
  }
  return bytes;
}

/** The first UTC midnight after `iso`. */
function nextMidnight(iso: string): string {
  const date = new Date(iso);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)).toISOString();
}

async function accrueMeter(ctx: ServiceContext, meter: StorageMetersTable, now: string): Promise<void> {
  const bytes = await measure(ctx, meter.subject_id);
  await ctx.store.transaction((trx) =>
    applyAdvances(trx, ctx, [
      bytes === null
        ? { meter, until: meter.accrued_until, billBytes: 0, next: null }
        : { meter, until: now, billBytes: bytes, next: { bytes, dueAt: nextMidnight(now) } },
    ]),
  );
}

/**
 * The sweep's part: measures due meters, bills the time since each one's last advance at the bytes
 * measured, and makes it due at the next UTC midnight; a meter whose content is gone is removed.
 * At most `limit` meters per call (in batches), so one pass stays short; the rest stay due for the next.
 */
export async function accrueDueStorage(ctx: ServiceContext): Promise<void> {
  const now = ctx.nowIso();
  let after = '';
  for (let visited = 0; visited < MAX_METERS_PER_SWEEP; visited += METER_BATCH) {
    const due = await ctx.store.db
      .selectFrom('storage_meters')
      .selectAll()
      .where('due_at', '<=', now)
      .where('subject_id', '>', after)
      .orderBy('subject_id')
      .limit(METER_BATCH)
      .execute();
    for (const meter of due) {
      // One meter that cannot be measured (a blob store error) must not stop the others.
      await accrueMeter(ctx, meter, now).catch((error: unknown) =>
        ctx.logger.warn('storage not metered', { subjectId: meter.subject_id, error: String(error) }),
      );
    }
    if (due.length < METER_BATCH) return;
    after = due[due.length - 1]?.subject_id ?? after;
  }
}
