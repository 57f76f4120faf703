import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type Store } from '@transmute/service';
import { createPostgresStore } from '../src/index.js';
import { postgresGenericPlan, sqlitePlan } from './query-plans.js';

// Migration 0160 keeps in `jobs_document` only the jobs that have a document: the reader of that
// index (blob-refs.ts, "is this key still referred to") must still find its rows through it.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `index_pages_${randomBytes(6).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'transmute-index-pages-'));

/** The statement blob-refs.ts runs for the jobs table, with two keys. */
function documentKeysQuery(store: Store) {
  return store.db
    .selectFrom('jobs')
    .select('document_key as key')
    .distinct()
    .where('document_key', 'in', ['blob-a', 'blob-b'])
    .compile();
}

describe('the partial index of job documents', () => {
  const client = new pg.Client({ connectionString });
  afterAll(async () => {
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a search by document keys on SQLite', async () => {
    const store = await createSqliteStore({ path: join(dir, 'transmute.db') });
    try {
      const plan = await sqlitePlan(store.db, documentKeysQuery(store));
      expect(plan).toContain('INDEX jobs_document');
    } finally {
      await store.close();
    }
  });

  it('serves a search by document keys on PostgreSQL, in a generic plan', async () => {
    const store = await createPostgresStore({ connectionString, schema, maxConnections: 1 });
    await client.connect();
    await store.close();
    const plan = await postgresGenericPlan(client, schema, documentKeysQuery(store));
    expect(plan).toContain('Index Scan on jobs_document');
  });
});
