import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQueryId, type CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceMetrics, createSqliteStore, type Store } from '@transmute/service';
import { createPostgresStore } from '../src/index.js';
import { postgresGenericPlan, sqlitePlan } from './query-plans.js';

// Migration 0170 keeps in `jobs_expiry` only the jobs that have an expiry (none until a job ends):
// the queue gauges read `jobs_work` instead, and must never read the jobs table itself (a text
// job's content is in its row) at every scrape.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `queue_index_${randomBytes(6).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'transmute-queue-index-'));

/** The statements the gauges run on the jobs table during one scrape of the service's metrics. */
async function gaugeStatements(store: Store): Promise<CompiledQuery[]> {
  const nodes: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  const metrics = createServiceMetrics({
    store: { ...store, db: store.db.withPlugin(capture) },
    defaultMetrics: false,
  });
  await metrics.registry.metrics();
  const executor = store.db.getExecutor();
  return nodes
    .map((node) => executor.compileQuery(node, createQueryId()))
    .filter((query) => /from "jobs"/.test(query.sql));
}

describe('the queue gauges after the expiry index became partial', () => {
  const client = new pg.Client({ connectionString });
  afterAll(async () => {
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('read jobs through a covering index on SQLite', async () => {
    const store = await createSqliteStore({ path: join(dir, 'transmute.db') });
    try {
      const statements = await gaugeStatements(store);
      expect(statements).toHaveLength(3);
      for (const query of statements)
        expect(await sqlitePlan(store.db, query), query.sql).toMatch(/USING COVERING INDEX jobs_work/);
    } finally {
      await store.close();
    }
  });

  // PostgreSQL reads a never-vacuumed table's index without its visibility map (a bitmap scan
  // here); what matters is that the queued jobs are found by `jobs_work`, not `jobs_expiry`.
  it('read jobs through the work index on PostgreSQL, in a generic plan', async () => {
    const store = await createPostgresStore({ connectionString, schema, maxConnections: 1 });
    await client.connect();
    const statements = await gaugeStatements(store).finally(() => store.close());
    expect(statements).toHaveLength(3);
    for (const query of statements)
      expect(await postgresGenericPlan(client, schema, query), query.sql).toMatch(
        /Index (Only )?Scan (using|on) jobs_work/,
      );
  });
});
