import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/index.js';

// PostgreSQL on 127.0.0.1:5432, database `test`, trust auth (TOOLCHAIN.md).
const CONNECTION = process.env.TRANSMUTE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: CONNECTION });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** A pool on `schema` of the test PostgreSQL (a child process opens the parent's schema with it). */
export function openPostgresSchema(schema: string, maxConnections = 6): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: CONNECTION,
    max: maxConnections,
    options: `-c search_path=${schema}`,
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * A Kysely database on a schema of its own (`<prefix>_<random>`) of the test PostgreSQL, so tests
 * run side by side; `drop()` removes the schema and all in it; `open()` opens another pool on the
 * same schema, as a second process would (a real one: {@link openPostgresSchema} with `schema`).
 */
export async function createPostgresTestDb(
  prefix: string,
  maxConnections = 6,
): Promise<{
  db: Kysely<Database>;
  drop: () => Promise<void>;
  open: () => Kysely<Database>;
  schema: string;
}> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema "${schema}"`);
  const open = (): Kysely<Database> => openPostgresSchema(schema, maxConnections);
  return {
    schema,
    db: open(),
    drop: () => adminQuery(`drop schema if exists "${schema}" cascade`),
    open,
  };
}
