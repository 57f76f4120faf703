import { randomBytes } from 'node:crypto';
import { createKyselyStore, type Database, type Store } from '@transmute/service';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../src/index.js';

// A statement that fails aborts a PostgreSQL transaction, and PostgreSQL then answers its COMMIT
// with the tag ROLLBACK, not an error. A body that caught the failure itself must still see its
// transaction fail, with that statement's own error, whatever SQL the store commits with.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `rolled_back_${randomBytes(6).toString('hex')}`;
const duplicate = /duplicate key/;
let store: Store;
const bare: { store: Store; pool: pg.Pool }[] = [];
/** What PostgreSQL said aside on the bare stores' connections (a ROLLBACK with no transaction warns). */
const notices: string[] = [];

/** A store on this schema that commits with a bare `COMMIT` (no NOTIFY, no flush in its round trip). */
async function bareStore(pipelined: boolean): Promise<Store> {
  const pool = new pg.Pool({
    connectionString,
    pipeline: pipelined,
    max: 2,
    options: `-c search_path=${schema}`,
  });
  pool.on('connect', (client) => client.on('notice', (notice) => notices.push(notice.message ?? '')));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const made = await createKyselyStore({ db, dialect: 'postgres', pipelined });
  bare.push({ store: made, pool });
  return made;
}

beforeAll(async () => {
  store = await createPostgresStore({ connectionString, schema, maxConnections: 4 });
  await sql`create table probe (id text primary key)`.execute(store.db);
  await sql`insert into probe values ('taken')`.execute(store.db);
});

afterAll(async () => {
  for (const { store: made } of bare) await made.close();
  await store.close();
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
});

/** A body that writes `id`, then a duplicate whose error it catches, and returns normally. */
const swallowing = (id: string) => async (trx: Kysely<Database>) => {
  await sql`insert into probe values (${id})`.execute(trx);
  const caught = await sql`insert into probe values ('taken')`.execute(trx).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(String(caught)).toMatch(duplicate);
  return 'returned';
};

async function committed(id: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`select id from probe where id = ${id}`.execute(store.db);
  return rows.length > 0;
}

describe('a transaction whose body caught a failed statement', () => {
  it.each(['durable', 'lazy'] as const)(
    'fails with that statement’s error on the PostgreSQL store (%s commit)',
    async (commit) => {
      const id = `store-${commit}`;
      await expect(store.transaction(swallowing(id), { commit })).rejects.toThrow(duplicate);
      expect(await committed(id)).toBe(false);
    },
  );

  it.each([
    ['pipelined', true],
    ['not pipelined', false],
  ])('fails with that statement’s error when COMMIT is answered ROLLBACK (%s)', async (_, pipelined) => {
    const made = await bareStore(pipelined);
    const id = `bare-${String(pipelined)}`;
    notices.length = 0;
    await expect(made.transaction(swallowing(id))).rejects.toThrow(duplicate);
    expect(await committed(id)).toBe(false);
    // The COMMIT answered ROLLBACK ended the transaction: no ROLLBACK is sent after it.
    expect(notices).not.toContain('there is no transaction in progress');
    // The connection is usable afterwards: the next transaction commits.
    await made.transaction(async (trx) => {
      await sql`insert into probe values (${`${id}-after`})`.execute(trx);
    });
    expect(await committed(`${id}-after`)).toBe(true);
  });
});
