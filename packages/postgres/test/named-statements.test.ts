import { randomBytes } from 'node:crypto';
import type { Store } from '@transmute/service';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../src/index.js';
import { NamedStatementClient } from '../src/named-statement-client.js';

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schemas: string[] = [];

/** A store on a fresh schema with one connection, so every statement runs on the same session. */
async function openStore(prepareStatements?: boolean): Promise<Store> {
  const schema = `named_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return createPostgresStore({
    connectionString,
    schema,
    maxConnections: 1,
    ...(prepareStatements === undefined ? {} : { prepareStatements }),
  });
}

const accountById = (store: Store, id: string) =>
  store.db.selectFrom('accounts').select('id').where('id', '=', id).execute();

async function preparedTexts(store: Store): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
    store.db,
  );
  return rows.map((row) => row.statement);
}

afterAll(async () => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
});

describe('named statements', () => {
  it('prepares a parametrised statement once per connection and reuses it', async () => {
    const store = await openStore();
    try {
      await accountById(store, 'acct_a');
      await accountById(store, 'acct_b');
      const texts = (await preparedTexts(store)).filter((text) => text.includes('from "accounts"'));
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain('"id" = $1');
    } finally {
      await store.close();
    }
  });

  it('prepares nothing when prepareStatements is false', async () => {
    const store = await openStore(false);
    try {
      await accountById(store, 'acct_a');
      expect(await preparedTexts(store)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('survives a column added under a prepared select *: retried outside a transaction, once failed inside one', async () => {
    const store = await openStore();
    try {
      await sql`create table probe (id text primary key)`.execute(store.db);
      await sql`insert into probe values ('p1')`.execute(store.db);
      const probe = (db: typeof store.db) =>
        sql<Record<string, unknown>>`select * from probe where id = ${'p1'}`.execute(db);
      expect((await probe(store.db)).rows).toEqual([{ id: 'p1' }]);

      await sql`alter table probe add column size int`.execute(store.db);
      expect((await probe(store.db)).rows).toEqual([{ id: 'p1', size: null }]);

      await sql`alter table probe add column kind text`.execute(store.db);
      await expect(store.transaction((trx) => probe(trx))).rejects.toThrow(/cached plan/);
      const again = await store.transaction((trx) => probe(trx));
      expect(again.rows).toEqual([{ id: 'p1', size: null, kind: null }]);
    } finally {
      await store.close();
    }
  });

  it("asks for a statement's rows description once, and afresh after its result type changed", async () => {
    const schema = `named_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    const setup = new pg.Client({ connectionString });
    await setup.connect();
    await setup.query(`create schema "${schema}"`);
    await setup.query(`create table "${schema}".probe (id text primary key, size int)`);
    await setup.query(`insert into "${schema}".probe values ('p1', 5), ('p2', null)`);
    const client = new NamedStatementClient({
      connectionString,
      pipeline: true,
      options: `-c search_path=${schema}`,
    });
    await client.connect();
    try {
      // Every Describe the client sends: pg's `connection.describe`.
      const connection = (client as unknown as { connection: { describe: (msg: unknown) => void } })
        .connection;
      const describe = connection.describe.bind(connection);
      let described = 0;
      connection.describe = (msg) => {
        described += 1;
        describe(msg);
      };
      const read = async (id: string) =>
        (await (client as pg.Client).query('select * from probe where id = $1', [id])).rows as unknown[];
      expect(await read('p1')).toEqual([{ id: 'p1', size: 5 }]);
      expect(await read('p2')).toEqual([{ id: 'p2', size: null }]);
      expect(await read('p3')).toEqual([]);
      expect(await read('p1')).toEqual([{ id: 'p1', size: 5 }]);
      expect(described).toBe(1);
      // A statement without rows, run twice, is described once too and answers its count.
      const touched = await (client as pg.Client).query('update probe set size = size where id = $1', ['p1']);
      expect(
        (await (client as pg.Client).query('update probe set size = size where id = $1', ['p2'])).rowCount,
      ).toBe(1);
      expect(touched.rowCount).toBe(1);
      expect(described).toBe(2);

      // Another session changes the column's type: the kept description would parse it wrongly;
      // the statement is refused, prepared and described afresh.
      await setup.query(`alter table "${schema}".probe alter column size type text`);
      expect(await read('p1')).toEqual([{ id: 'p1', size: '5' }]);
      expect(await read('p1')).toEqual([{ id: 'p1', size: '5' }]);
      expect(described).toBe(3);
    } finally {
      await client.end();
      await setup.end();
    }
  });
});
