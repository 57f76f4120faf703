import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createKyselyStore, createSqliteStore, type Database, type Store } from '../src/index.js';
import { createCoreContext, periodOf } from '../src/kernel/context.js';
import { createMigrator } from '../src/storage/migrations.js';
import { insertUsageEstimate, meterJob, unitTotals } from '../src/billing/usage.js';
import { createPostgresTestDb } from './support/postgres.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function postgresDb(): Promise<Kysely<Database>> {
  const { db, drop } = await createPostgresTestDb('usage', 4);
  cleanups.push(drop);
  return db;
}

function sqlitePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'usage-totals-'));
  cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
  return join(dir, 'transmute.db');
}

const STORES: Record<string, () => Promise<Store>> = {
  sqlite: () => createSqliteStore({ path: sqlitePath() }),
  postgres: async () => createKyselyStore({ db: await postgresDb(), dialect: 'postgres' }),
};

/** The sums the totals must equal, straight from the records (what unitTotals computed before). */
async function recordSums(db: Kysely<Database>, accountId: string): Promise<Record<string, number[]>> {
  const rows = await sql<{
    unit: string;
    state: string;
    estimated: number;
    quantity: number;
    committed: number;
  }>`
    select unit, state, sum(estimated) as estimated, sum(quantity) as quantity,
      sum(case when quantity > estimated then quantity else estimated end) as committed
    from usage_records where account_id = ${accountId} group by unit, state`.execute(db);
  return Object.fromEntries(
    rows.rows.map((r) => [
      `${r.unit}/${r.state}`,
      [Number(r.estimated), Number(r.quantity), Number(r.committed)].map((n) => Math.round(n * 1e6) / 1e6),
    ]),
  );
}

async function totalsRows(db: Kysely<Database>, accountId: string): Promise<Record<string, number[]>> {
  const rows = await db.selectFrom('usage_totals').selectAll().where('account_id', '=', accountId).execute();
  return Object.fromEntries(
    rows
      .filter((r) => Number(r.estimated) !== 0 || Number(r.quantity) !== 0 || Number(r.committed) !== 0)
      .map((r) => [
        `${r.unit}/${r.state}`,
        [r.estimated, r.quantity, r.committed].map((n) => Math.round(Number(n) * 1e6) / 1e6),
      ]),
  );
}

describe.each(Object.keys(STORES))('usage totals on %s', (dialect) => {
  it('stay equal to the sums over usage records through estimates, metering and finalizing', async () => {
    const open = STORES[dialect];
    if (open === undefined) throw new Error(dialect);
    const store = await open();
    cleanups.push(() => store.close());
    const ctx = createCoreContext(store, { baseUrl: 'http://127.0.0.1:1', signingSecret: 'secret' });
    const createdAt = new Date().toISOString();
    const job = (id: string) => ({ id, account_id: 'acct_1', created_at: createdAt });
    const [a, b] = [job('job_a'), job('job_b')];
    const jobs = [a, b, job('job_c')];
    await store.transaction(async (trx) => {
      for (const { id, account_id } of jobs) {
        await insertUsageEstimate(
          trx,
          ctx,
          { id, accountId: account_id, createdAt },
          {
            quantities: [
              { unit: 'jobs', quantity: 1 },
              { unit: 'input_bytes', quantity: 1000 },
              { unit: 'media_minutes', quantity: 12.5 },
            ],
            estimated_cost_microusd: 0,
            currency: 'USD',
            confidence: 'high',
          },
        );
      }
      // Used more than estimated, less than estimated, fractional seconds, a unit never estimated.
      await meterJob(trx, ctx, a, { input_bytes: 1500, media_minutes: 0.1 }, 'pending');
      await meterJob(trx, ctx, a, { media_minutes: 0.2, output_bytes: 77 }, 'finalized');
      await meterJob(trx, ctx, b, { input_bytes: 400 }, 'finalized');
      await meterJob(trx, ctx, b, { output_bytes: 5 }, 'finalized');
    });
    // Another account's usage never mixes in.
    await store.transaction((trx) =>
      meterJob(
        trx,
        ctx,
        { id: 'job_z', account_id: 'acct_2', created_at: createdAt },
        { input_bytes: 9 },
        'pending',
      ),
    );
    expect(await totalsRows(store.db, 'acct_1')).toEqual(await recordSums(store.db, 'acct_1'));
    const totals = await unitTotals(store.db, 'acct_1', periodOf(new Date(createdAt)).start);
    expect(totals.jobs).toEqual({ estimated: 3, pending: 1, finalized: 2, committed: 3 });
    expect(totals.input_bytes).toEqual({ estimated: 3000, pending: 0, finalized: 1900, committed: 2900 });
    expect(totals.media_minutes.finalized).toBe(0.3);
    expect(totals.media_minutes.pending).toBe(0);
    expect(totals.output_bytes).toMatchObject({ finalized: 82, pending: 0 });
  });

  it('are backfilled from existing records by the migration', async () => {
    const db =
      dialect === 'sqlite'
        ? new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(sqlitePath()) }) })
        : await postgresDb();
    const migrator = await createMigrator(db as Kysely<unknown>, dialect as 'sqlite' | 'postgres');
    expect((await migrator.migrateTo('0100_webhook_dispatch')).error).toBeUndefined();
    const record = (id: string, unit: string, estimated: number, quantity: number, state: string) => ({
      id,
      account_id: 'acct_old',
      job_id: 'job_old',
      unit,
      estimated,
      quantity,
      state,
      period_start: '2026-01-01T00:00:00.000Z',
      created_at: '2026-01-02T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    await db
      .insertInto('usage_records')
      .values([
        record('use_1', 'input_bytes', 100, 250, 'finalized'),
        record('use_2', 'input_bytes', 300, 10, 'pending'),
        record('use_3', 'input_bytes', 50, 0, 'pending'),
      ])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await totalsRows(db, 'acct_old')).toEqual({
      'input_bytes/finalized': [100, 250, 250],
      'input_bytes/pending': [350, 10, 350],
    });
    await db.destroy();
  });
});
