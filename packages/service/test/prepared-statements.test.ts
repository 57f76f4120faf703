import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { preparedInsert, preparedQuery, preparedStatement } from '../src/storage/prepared-query.js';
import type { Database } from '../src/storage/schema.js';
import { withStatementCache } from '../src/storage/statement-cache.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(): { raw: BetterSqlite3.Database; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'prepared-'));
  dirs.push(dir);
  const path = join(dir, 'db.sqlite');
  const raw = new BetterSqlite3(path);
  raw.exec(`create table accounts (id text primary key, plan text, status text, limits_json text,
    created_at text, updated_at text)`);
  const insert = raw.prepare('insert into accounts values (?, ?, ?, null, ?, ?)');
  for (const [id, plan, status] of [
    ['acct_1', 'free', 'active'],
    ['acct_2', 'free', 'suspended'],
    ['acct_3', 'team', 'active'],
  ])
    insert.run(id, plan, status, '2026-01-01', '2026-01-01');
  return { raw, path };
}

describe('withStatementCache', () => {
  it('prepares each SQL text once, evicts the least recently used, never shares a busy statement', () => {
    const { raw } = open();
    const cached = withStatementCache(raw, 2);
    const a = cached.prepare('select id from accounts order by id');
    expect(cached.prepare('select id from accounts order by id')).toBe(a);
    const b = cached.prepare('select plan from accounts');
    cached.prepare('select id from accounts order by id'); // a is now the most recent
    cached.prepare('select status from accounts'); // evicts b
    expect(cached.prepare('select id from accounts order by id')).toBe(a);
    expect(cached.prepare('select plan from accounts')).not.toBe(b);
    const iterator = (a as unknown as BetterSqlite3.Statement).iterate();
    iterator.next();
    const during = cached.prepare('select id from accounts order by id');
    expect(during).not.toBe(a);
    expect((during as unknown as BetterSqlite3.Statement).all()).toHaveLength(3);
    iterator.return?.();
    expect(cached.prepare('select id from accounts order by id')).toBe(a);
    cached.close();
  });

  it('asks only a statement returning rows whether it is iterating (busy is a call into the addon)', () => {
    const { raw } = open();
    const asked: string[] = [];
    // The statements as the cache receives them, counting each look at `busy`.
    const counting = {
      close: () => raw.close(),
      prepare: (sql: string) =>
        new Proxy(raw.prepare(sql), {
          get: (statement, name) => {
            if (name === 'busy') asked.push(sql);
            const value = Reflect.get(statement, name) as unknown;
            return typeof value === 'function' ? (value as () => unknown).bind(statement) : value;
          },
        }),
    } as unknown as BetterSqlite3.Database;
    const cached = withStatementCache(counting);
    const write = "update accounts set plan = 'team' where id = 'acct_1'";
    const read = 'select id from accounts order by id';
    for (let round = 0; round < 3; round += 1) {
      (cached.prepare(write) as unknown as BetterSqlite3.Statement).run();
      expect((cached.prepare(read) as unknown as BetterSqlite3.Statement).all()).toHaveLength(3);
    }
    expect(asked).toEqual([read, read]);
    cached.close();
  });
});

describe('preparedQuery', () => {
  const byPlanAndStatus = preparedQuery((db, plan: string, status: string) =>
    db
      .selectFrom('accounts')
      .select('id')
      .where('plan', '=', plan)
      .where('id', '!=', 'acct_nobody') // a constant parameter between the two arguments
      .where('status', '=', status)
      .orderBy('id'),
  );

  it('runs the compiled query with fresh arguments, constants kept in place', async () => {
    const { raw } = open();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    expect(await byPlanAndStatus(db, 'free', 'active')).toEqual([{ id: 'acct_1' }]);
    expect(await byPlanAndStatus(db, 'free', 'suspended')).toEqual([{ id: 'acct_2' }]);
    expect(await byPlanAndStatus(db, 'team', 'active')).toEqual([{ id: 'acct_3' }]);
    expect(await byPlanAndStatus(db, "free' or '1'='1", 'active')).toEqual([]);
    await db.transaction().execute(async (trx) => {
      expect(await byPlanAndStatus(trx, 'team', 'active')).toEqual([{ id: 'acct_3' }]);
    });
    await db.destroy();
  });
});

describe('preparedInsert and preparedStatement', () => {
  const insertAccounts = preparedInsert('accounts', (insert) =>
    insert.onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ plan: eb.ref('excluded.plan') }))),
  );
  const setStatus = preparedStatement((db, id: string, status: string, limits: string | null) =>
    db.updateTable('accounts').set({ status, limits_json: limits }).where('id', '=', id),
  );
  const row = (id: string, plan: string) => ({
    id,
    plan,
    status: 'active',
    limits_json: null,
    created_at: '2026-01-02',
    updated_at: '2026-01-02',
  });

  it('inserts any number of rows with fresh values, its constant clause kept, and counts them', async () => {
    const { raw } = open();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    expect(await insertAccounts(db, [row('acct_4', 'free'), row('acct_5', 'team')])).toBe(2n);
    expect(await insertAccounts(db, [row('acct_6', "x'); drop table accounts; --")])).toBe(1n);
    expect(await insertAccounts(db, [row('acct_4', 'enterprise')])).toBe(1n); // the upsert
    expect(await insertAccounts(db, [])).toBe(0n);
    expect(raw.prepare('select id, plan from accounts where id > ? order by id').all('acct_3')).toEqual([
      { id: 'acct_4', plan: 'enterprise' },
      { id: 'acct_5', plan: 'team' },
      { id: 'acct_6', plan: "x'); drop table accounts; --" },
    ]);
    const { limits_json: _none, ...withoutLimits } = row('acct_7', 'free');
    await expect(
      insertAccounts(db, [row('acct_7', 'free'), { ...withoutLimits, limits_json: null }]),
    ).rejects.toThrow(/same columns in the same order/);
    const updated = await setStatus(db, 'acct_5', 'suspended', '{"jobs":5}');
    expect(updated.numAffectedRows).toBe(1n);
    expect((await setStatus(db, 'acct_none', 'suspended', null)).numAffectedRows).toBe(0n);
    expect(raw.prepare("select status, limits_json from accounts where id = 'acct_5'").get()).toEqual({
      status: 'suspended',
      limits_json: '{"jobs":5}',
    });
    await db.destroy();
  });
});
