import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job, UsageUnit } from '@transmute/contract';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createKyselyStore, createSqliteStore, PRICES, type Store } from '../src/index.js';
import { createCoreContext } from '../src/kernel/context.js';
import {
  accrueAccountStorage,
  closeStorageMeters,
  storageQuantities,
  touchStorageMeter,
} from '../src/billing/storage-usage.js';
import { meterJob, unitTotals } from '../src/billing/usage.js';
import { startHarness, uploadFile, waitForJob, type Harness } from './support/harness.js';
import { createPostgresTestDb } from './support/postgres.js';

const DAY = 86_400_000;
const GB = 1e9;
/** One micro-USD per byte-day makes costs easy to read; every other unit is free here. */
const PRICE = 1_000_000;
const PRICES_HERE = {
  ...Object.fromEntries(Object.keys(PRICES).map((unit) => [unit, 0])),
  stored_gigabyte_days: PRICE,
} as Record<UsageUnit, number>;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function postgresStore(): Promise<Store> {
  const { db, drop } = await createPostgresTestDb('storage');
  cleanups.push(drop);
  return createKyselyStore({ db, dialect: 'postgres' });
}

const DIALECTS = ['sqlite', 'postgres'] as const;
type Dialect = (typeof DIALECTS)[number];

async function openStore(dialect: Dialect, dir: string): Promise<Store> {
  return dialect === 'sqlite' ? createSqliteStore({ path: join(dir, 'transmute.db') }) : postgresStore();
}

/** A service on either dialect with a settable clock; the sweeper only runs when the test asks. */
async function start(dialect: Dialect, clock: { now: number }): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-storage-'));
  const config = {
    now: () => new Date(clock.now),
    prices: PRICES_HERE,
    retention: { sweepIntervalMs: 3_600_000 },
  };
  return startHarness(config, {
    dir,
    store: await openStore(dialect, dir),
    plugins: [createDatasetRenderer()],
  });
}

/** Bytes a job keeps: its inline text, normalized document and output artifacts. */
async function keptBytes(h: Harness, jobId: string, text = ''): Promise<number> {
  const job = await h.service.getJob(h.caller, jobId);
  let bytes = Buffer.byteLength(text, 'utf8');
  for (const outputId of job.output_ids) {
    bytes += (await h.service.getOutput(h.caller, outputId)).manifest?.total_size_bytes ?? 0;
  }
  const row = await h.store.db
    .selectFrom('jobs')
    .select('document_key')
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  expect(row.document_key).not.toBeNull();
  bytes += (await h.blobs.stat(row.document_key ?? ''))?.sizeBytes ?? 0;
  return bytes;
}

/** A job converting {@link TEXT}, run to success, and the bytes it keeps. */
async function keptTextJob(
  h: Harness,
  retention?: { class: 'account' },
): Promise<{ job: Job; bytes: number }> {
  const created = await h.service.createJob(h.caller, {
    source: { type: 'text', content: TEXT },
    output: { profile: 'raw_source' },
    ...(retention === undefined ? {} : { retention }),
  });
  const job = await waitForJob(h, created.id, ['succeeded']);
  return { job, bytes: await keptBytes(h, job.id, TEXT) };
}

async function storageLine(h: Harness) {
  const usage = await h.service.getUsage(h.caller);
  const line = usage.units.find((u) => u.unit === 'stored_gigabyte_days');
  if (line === undefined) throw new Error('no stored_gigabyte_days line');
  return { usage, line };
}

const TEXT = 'Kept words stay on disk. '.repeat(40_000); // 1 MB of text

describe.each(DIALECTS)('stored_gigabyte_days on %s', (dialect) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('accrues a kept job day by day, each day in its own period, and stops when the job is deleted', async () => {
    const clock = { now: Date.parse('2030-01-30T00:00:00.000Z') };
    h = await start(dialect, clock);
    const { job: created, bytes } = await keptTextJob(h, { class: 'account' });
    expect(bytes).toBeGreaterThan(2_000_000);
    await h.service.sweep();
    expect((await storageLine(h)).line.finalized).toBe(0);

    clock.now += DAY;
    await h.service.sweep();
    expect((await storageLine(h)).line).toMatchObject({ pending: 0, credited: 0 });
    expect((await storageLine(h)).line.finalized).toBeCloseTo(bytes / GB, 5);
    // Metering the job again (a later output while it runs) leaves the billed storage as it is.
    const job = await h.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const ctx = createCoreContext(h.store, { baseUrl: 'http://127.0.0.1:1', signingSecret: 'secret' });
    await h.store.transaction((trx) => meterJob(trx, ctx, job, { output_bytes: 1 }, 'pending'));
    expect((await storageLine(h)).line).toMatchObject({ pending: 0, credited: 0 });
    expect((await storageLine(h)).line.finalized).toBeCloseTo(bytes / GB, 5);

    clock.now = Date.parse('2030-02-01T12:00:00.000Z');
    await h.service.sweep();
    const february = await storageLine(h);
    expect(february.usage.period_start).toBe('2030-02-01T00:00:00.000Z');
    expect(february.line.finalized).toBeCloseTo((0.5 * bytes) / GB, 5);
    const january = await h.service.admin.closeBillingPeriod(
      h.caller.accountId,
      new Date('2030-01-15T00:00:00Z'),
    );
    const januaryLine = january.units.find((u) => u.unit === 'stored_gigabyte_days');
    expect(january.period_start).toBe('2030-01-01T00:00:00.000Z');
    expect(januaryLine?.finalized).toBeCloseTo((2 * bytes) / GB, 5);
    expect(januaryLine?.billable).toBe(januaryLine?.finalized);
    // The price table prices it; nothing else costs anything in this test.
    expect(january.costs.billable_cost_microusd).toBe(Math.round((januaryLine?.billable ?? 0) * PRICE));
    expect(january.costs.internal_cost_microusd).toBe(january.costs.billable_cost_microusd);
    expect(january.costs.billable_cost_microusd).toBeGreaterThan(0);

    clock.now += DAY / 4;
    await h.service.deleteJob(h.caller, created.id);
    expect((await storageLine(h)).line.finalized).toBeCloseTo((0.75 * bytes) / GB, 5);
    clock.now += 5 * DAY;
    await h.service.sweep();
    expect((await storageLine(h)).line.finalized).toBeCloseTo((0.75 * bytes) / GB, 5);
    expect(await h.store.db.selectFrom('storage_meters').selectAll().execute()).toEqual([]);
  }, 60_000);

  it('stops billing a temporary job at its expiry, not when the sweep gets there', async () => {
    const clock = { now: Date.parse('2030-03-10T00:00:00.000Z') };
    h = await start(dialect, clock);
    const { job: created, bytes } = await keptTextJob(h);
    expect(Date.parse(created.expires_at ?? '')).toBe(clock.now + 7 * DAY);
    await h.service.sweep();
    for (let day = 0; day < 3; day += 1) {
      clock.now += DAY;
      await h.service.sweep();
    }
    expect((await storageLine(h)).line.finalized).toBeCloseTo((3 * bytes) / GB, 5);
    clock.now += 6.5 * DAY; // the sweep comes 2.5 days late
    await h.service.sweep();
    expect((await h.service.getJob(h.caller, created.id)).status).toBe('expired');
    expect((await storageLine(h)).line.finalized).toBeCloseTo((7 * bytes) / GB, 5);
    clock.now += 3 * DAY;
    await h.service.sweep();
    expect((await storageLine(h)).line.finalized).toBeCloseTo((7 * bytes) / GB, 5);
  }, 60_000);

  it('meters an uploaded file from ready until it is deleted, and never again under a job that reads it', async () => {
    const clock = { now: Date.parse('2030-04-20T00:00:00.000Z') };
    h = await start(dialect, clock);
    const file = await uploadFile(h, TEXT, 'text/plain', 'kept.txt');
    expect(file.status).toBe('ready');
    const created = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
      retention: { class: 'account' },
    });
    await waitForJob(h, created.id, ['succeeded']);
    const jobBytes = await keptBytes(h, created.id);
    await h.service.sweep();
    clock.now += 2 * DAY;
    await h.service.sweep();
    expect((await storageLine(h)).line.finalized).toBeCloseTo((2 * (file.size_bytes + jobBytes)) / GB, 5);
    await h.service.deleteFile(h.caller, file.id);
    clock.now += DAY;
    await h.service.sweep();
    expect((await storageLine(h)).line.finalized).toBeCloseTo((2 * file.size_bytes + 3 * jobBytes) / GB, 5);
  }, 60_000);

  it('bills the storage kept up to the end of a period before closing it', async () => {
    const clock = { now: Date.parse('2030-05-31T12:00:00.000Z') };
    h = await start(dialect, clock);
    const { bytes } = await keptTextJob(h, { class: 'account' });
    await h.service.sweep();
    clock.now = Date.parse('2030-06-01T00:00:05.000Z'); // closed before any sweep after midnight
    const may = await h.service.admin.closeBillingPeriod(
      h.caller.accountId,
      new Date('2030-05-10T00:00:00Z'),
    );
    expect(may.units.find((u) => u.unit === 'stored_gigabyte_days')?.finalized).toBeCloseTo(
      (0.5 * bytes) / GB,
      5,
    );
    clock.now += DAY;
    await h.service.sweep();
    expect((await storageLine(h)).line.finalized).toBeCloseTo(((DAY + 5000) / DAY) * (bytes / GB), 5);
    const totals = await unitTotals(h.store.db, h.caller.accountId, '2030-05-01T00:00:00.000Z');
    expect(totals.stored_gigabyte_days.finalized).toBeCloseTo((0.5 * bytes) / GB, 5);
  }, 60_000);
});

describe.each(DIALECTS)('storage meters on %s', (dialect) => {
  it('bill each stretch once when advances race, and keep usage_totals equal to the records', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'transmute-meters-'));
    cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    const store = await openStore(dialect, dir);
    cleanups.push(() => store.close());
    let now = Date.parse('2030-07-31T18:00:00.000Z');
    const ctx = createCoreContext(store, {
      baseUrl: 'http://127.0.0.1:1',
      signingSecret: 'secret',
      now: () => new Date(now),
    });
    const subjects = ['job_aaaaaaaaaaaaaaaa', 'job_bbbbbbbbbbbbbbbb', 'file_cccccccccccccccc'];
    await store.transaction(async (trx) => {
      for (const id of subjects) await touchStorageMeter(trx, ctx, { id, accountId: 'acct_1' });
    });
    // As the sweep would have measured them.
    await store.db
      .updateTable('storage_meters')
      .set({ bytes: 3 * GB })
      .execute();
    now = Date.parse('2030-08-01T06:00:00.000Z');
    const until = new Date(now).toISOString();
    // Everything at once: a close, an account accrual and touches of the same meters.
    await Promise.all([
      store.transaction((trx) => closeStorageMeters(trx, ctx, [{ id: subjects[0] ?? '', until }])),
      store.transaction((trx) => accrueAccountStorage(trx, ctx, 'acct_1', until)),
      ...subjects
        .slice(1)
        .map((id) =>
          store.transaction((trx) => touchStorageMeter(trx, ctx, { id, accountId: 'acct_1' }, until)),
        ),
      store.transaction((trx) => accrueAccountStorage(trx, ctx, 'acct_1', until)),
    ]);
    // 3 GB for 6 hours of July and 6 hours of August (0.75 gigabyte-days each), per subject, once.
    const july = await unitTotals(store.db, 'acct_1', '2030-07-01T00:00:00.000Z');
    const august = await unitTotals(store.db, 'acct_1', '2030-08-01T00:00:00.000Z');
    expect(july.stored_gigabyte_days.finalized).toBeCloseTo(3 * 0.75, 9);
    expect(august.stored_gigabyte_days.finalized).toBeCloseTo(3 * 0.75, 9);
    const records = await sql<{ period_start: string; quantity: number; n: number }>`
      select period_start, sum(quantity) as quantity, count(*) as n from usage_records
      where unit = 'stored_gigabyte_days' group by period_start order by period_start`.execute(store.db);
    expect(records.rows.map((r) => [r.period_start, Number(r.quantity), Number(r.n)])).toEqual([
      ['2030-07-01T00:00:00.000Z', 3 * 0.75, 3],
      ['2030-08-01T00:00:00.000Z', 3 * 0.75, 3],
    ]);
    const meters = await store.db
      .selectFrom('storage_meters')
      .select(['subject_id', 'accrued_until'])
      .execute();
    expect(meters.map((m) => m.subject_id).sort()).toEqual(subjects.slice(1).sort());
    for (const meter of meters) expect(meter.accrued_until).toBe(until);
  });
});

describe('storageQuantities', () => {
  it('cuts a stretch at every period boundary it crosses', () => {
    expect(storageQuantities(GB, '2030-01-31T12:00:00.000Z', '2030-03-01T12:00:00.000Z')).toEqual([
      { periodStart: '2030-01-01T00:00:00.000Z', quantity: 0.5 },
      { periodStart: '2030-02-01T00:00:00.000Z', quantity: 28 },
      { periodStart: '2030-03-01T00:00:00.000Z', quantity: 0.5 },
    ]);
    expect(storageQuantities(GB, '2030-01-02T00:00:00.000Z', '2030-01-01T00:00:00.000Z')).toEqual([]);
    expect(storageQuantities(0, '2030-01-01T00:00:00.000Z', '2030-01-02T00:00:00.000Z')).toEqual([]);
  });
});
