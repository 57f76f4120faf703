import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';

/** A compiled statement's parameters written as SQL literals (numbers bare, the rest quoted). */
function literals(query: CompiledQuery): string[] {
  return query.parameters.map((value) => (typeof value === 'number' ? String(value) : `'${String(value)}'`));
}

/** SQLite's plan for `query`, its parameters written in as literals: one line per step. */
export async function sqlitePlan<DB>(db: Kysely<DB>, query: CompiledQuery): Promise<string> {
  const values = literals(query);
  const text = query.sql.replace(/\?/g, () => values.shift() ?? 'null');
  const plan = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(db);
  return plan.rows.map((row) => row.detail).join('\n');
}

/**
 * PostgreSQL's generic plan for `query` in `schema` (prepared, so it cannot rely on the parameters'
 * values), with sequential scans off: a test table this small is read whole otherwise. Run in a
 * transaction that is rolled back, the statement deallocated.
 */
export async function postgresGenericPlan(
  client: pg.Client,
  schema: string,
  query: CompiledQuery,
): Promise<string> {
  const types = query.parameters.map((value) => (typeof value === 'number' ? 'int' : 'text'));
  const values = literals(query);
  await client.query('begin');
  try {
    await client.query(`set local search_path = "${schema}"`);
    await client.query('set local enable_seqscan = off');
    await client.query('set local plan_cache_mode = force_generic_plan');
    await client.query(`prepare planned${types.length > 0 ? `(${types.join(', ')})` : ''} as ${query.sql}`);
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain execute planned${values.length > 0 ? `(${values.join(', ')})` : ''}`,
    );
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    await client.query('deallocate all');
  }
}
