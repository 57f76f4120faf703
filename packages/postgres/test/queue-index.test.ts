import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQueryId, sql, type CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceMetrics, createSqliteStore, type Store } from '@transmute/service';
import { createPostgresStore } from '../src/index.js';

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
      for (const query of statements) {
        const literal = query.parameters.map((value) =>
          typeof value === 'number' ? String(value) : `'${String(value)}'`,
        );
        const text = query.sql.replace(/\?/g, () => literal.shift() ?? 'null');
        const plan = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(store.db);
        const details = plan.rows.map((row) => row.detail).join('\n');
        expect(details, text).toMatch(/USING COVERING INDEX jobs_work/);
      }
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
    await client.query('begin');
    try {
      await client.query(`set local search_path = "${schema}"`);
      // A table this small is read whole otherwise; a generic plan cannot rely on the values.
      await client.query('set local enable_seqscan = off');
      await client.query('set local plan_cache_mode = force_generic_plan');
      for (const [index, query] of statements.entries()) {
        const types = query.parameters.map((value) => (typeof value === 'number' ? 'int' : 'text'));
        const declared = types.length > 0 ? `(${types.join(', ')})` : '';
        await client.query(`prepare gauge_${String(index)}${declared} as ${query.sql}`);
        const args = query.parameters.map((value) =>
          typeof value === 'number' ? String(value) : `'${String(value)}'`,
        );
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `explain execute gauge_${String(index)}${args.length > 0 ? `(${args.join(', ')})` : ''}`,
        );
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), query.sql).toMatch(
          /Index (Only )?Scan (using|on) jobs_work/,
        );
      }
    } finally {
      await client.query('rollback');
      await client.query('deallocate all');
    }
  });
});
