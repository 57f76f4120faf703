import { randomBytes } from 'node:crypto';
import type { Store } from '@transmute/service';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../src/index.js';

// A PostgreSQL commit lets its row locks go without waiting for the disk; a durable transaction
// still returns only once its commit is flushed, and both modes commit, notify and roll back alike.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `commit_modes_${randomBytes(6).toString('hex')}`;
let store: Store;

/** The write-ahead log's insert position now (in the transaction: before its commit record). */
const walInsert = async (db: Store['db']): Promise<string> =>
  (await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db)).rows[0]?.lsn ??
  '';

/** Whether the log is flushed past `lsn`. */
async function flushedPast(lsn: string): Promise<boolean> {
  const { rows } = await sql<{
    past: boolean;
  }>`select pg_current_wal_flush_lsn() > ${lsn}::pg_lsn as past`.execute(store.db);
  return rows[0]?.past ?? false;
}

beforeAll(async () => {
  store = await createPostgresStore({ connectionString, schema, maxConnections: 4 });
  await sql`create table probe (id text primary key)`.execute(store.db);
});

afterAll(async () => {
  await store.close();
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
});

describe('commit modes on PostgreSQL', () => {
  it('returns from a durable transaction once its commit record is on disk', async () => {
    for (let i = 0; i < 20; i += 1) {
      const before = await store.transaction(async (trx) => {
        await sql`insert into probe values (${`durable-${String(i)}`})`.execute(trx);
        return walInsert(trx);
      });
      expect(await flushedPast(before)).toBe(true);
    }
  });

  it('commits a lazy transaction and rolls one back that throws', async () => {
    await store.transaction(
      async (trx) => {
        await sql`insert into probe values ('lazy')`.execute(trx);
      },
      { commit: 'lazy' },
    );
    await expect(
      store.transaction(
        async (trx) => {
          await sql`insert into probe values ('rolled-back')`.execute(trx);
          throw new Error('undo');
        },
        { commit: 'lazy' },
      ),
    ).rejects.toThrow('undo');
    const { rows } = await sql<{
      id: string;
    }>`select id from probe where id in ('lazy', 'rolled-back')`.execute(store.db);
    expect(rows.map((row) => row.id)).toEqual(['lazy']);
  });
});
