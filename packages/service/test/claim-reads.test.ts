import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createKyselyStore, createSqliteStore, type Store } from '../src/index.js';
import { createCoreContext } from '../src/kernel/context.js';
import { findClaimableJobs, lockClaimableJob } from '../src/tables/claimable-jobs.js';
import { startHarness } from './support/harness.js';
import { createPostgresTestDb } from './support/postgres.js';

// The claim's two reads: the first finds candidates (which jobs, whose) and must not carry their
// rows; the second counts the account's live leases as it locks its job (migration 0180), and must
// read that count from the leased jobs' partial index, never by walking every job the account has
// kept (its cost would grow with the account's history).

const dir = mkdtempSync(join(tmpdir(), 'transmute-claim-lease-count-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The statement `lockClaimableJob` runs, seen on its way to the database. */
async function lockStatement(store: Store): Promise<CompiledQuery> {
  const seen: CompiledQuery[] = [];
  const watched = new Proxy(store.db, {
    get(target, key) {
      if (key === 'executeQuery') {
        return (query: CompiledQuery) => {
          seen.push(query);
          return target.executeQuery(query);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const ctx = createCoreContext(store, { baseUrl: 'http://localhost', signingSecret: 'x'.repeat(32) });
  await lockClaimableJob(watched, ctx, { accountId: 'acct_plan', exclude: [] });
  const [query] = seen;
  if (query === undefined) throw new Error('the claim ran no statement');
  return query;
}

/** The statement with its parameters written in as literals. */
function withLiterals(query: CompiledQuery, placeholder: RegExp): string {
  const values = query.parameters.map((value) =>
    typeof value === 'number' ? String(value) : `'${String(value)}'`,
  );
  return query.sql.replace(placeholder, (match) => {
    const at = match === '?' ? values.shift() : values[Number(match.slice(1)) - 1];
    return at ?? 'null';
  });
}

describe("a claim's count of the account's live leases", () => {
  it('reads the leased jobs index on SQLite', async () => {
    const store = await createSqliteStore({ path: join(dir, 'transmute.db') });
    try {
      const query = await lockStatement(store);
      const plan = await sql
        .raw<{ detail: string }>(`explain query plan ${withLiterals(query, /\?/g)}`)
        .execute(store.db);
      const steps = plan.rows.map((row) => row.detail).join('\n');
      expect(steps).toMatch(/SEARCH leased USING INDEX jobs_leased \(account_id=\?\)/);
      expect(steps).not.toContain('jobs_account_created');
    } finally {
      await store.close();
    }
  });

  it('reads the leased jobs index on PostgreSQL', async () => {
    const { db, drop } = await createPostgresTestDb('lease_count', 1);
    const store = await createKyselyStore({ db, dialect: 'postgres' });
    try {
      const query = await lockStatement(store);
      const steps = await db.transaction().execute(async (trx) => {
        // A test table this small is read whole otherwise.
        await sql`set local enable_seqscan = off`.execute(trx);
        const plan = await sql
          .raw<{ 'QUERY PLAN': string }>(`explain ${withLiterals(query, /\$\d+/g)}`)
          .execute(trx);
        return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(steps).toMatch(/Index (Only )?Scan using jobs_leased on jobs leased/);
      expect(steps).not.toContain('jobs_account_created');
    } finally {
      await store.close();
      await drop();
    }
  });
});

describe("a claim's first read", () => {
  it('answers the candidates ids and accounts, not their rows (a queued job carries its source)', async () => {
    const harness = await startHarness({}, { start: false });
    try {
      const content = 'A queued text job. '.repeat(200);
      const job = await harness.service.createJob(harness.caller, {
        source: { type: 'text', content },
        output: { profile: 'raw_source' },
      });
      const candidates = await findClaimableJobs(harness.store.db, 'sqlite', []);
      expect(candidates).toEqual([{ id: job.id, account_id: harness.caller.accountId }]);
    } finally {
      await harness.close();
    }
  });
});

describe("a running job's lease renewal", () => {
  // The renewal changes only the lease's expiry (every 2 s of a running job). Kept out of every
  // index (columns, expressions and partial-index predicates alike), it writes no index entry and
  // may be a HOT update on PostgreSQL. Whether one is HOT at a given moment also depends on free
  // room in the row's page, which other transactions of a shared database can hold (a dead row
  // version is pruned only once no snapshot sees it), so the test asks PostgreSQL's catalogue for
  // what the design controls: no index of `jobs` mentions `lease_expires_at`, while the claim's
  // own columns are indexed.
  it('touches no index of the jobs table on PostgreSQL', async () => {
    const { db, drop } = await createPostgresTestDb('lease_renewal', 1);
    const store = await createKyselyStore({ db, dialect: 'postgres' });
    const harness = await startHarness({}, { start: false, store });
    try {
      const indexesOf = async (column: string): Promise<string[]> => {
        const { rows } = await sql<{ name: string }>`
          select i.indexrelid::regclass::text as name
          from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attname = ${column}
          where i.indrelid = 'jobs'::regclass
            and (a.attnum = any(i.indkey::int2[])
              or coalesce(pg_get_expr(i.indpred, i.indrelid), '') like '%' || ${column} || '%'
              or coalesce(pg_get_expr(i.indexprs, i.indrelid), '') like '%' || ${column} || '%')
          order by 1`.execute(db);
        return rows.map((row) => row.name);
      };
      expect(await indexesOf('lease_expires_at')).toEqual([]);
      expect(await indexesOf('locked_by')).toContain('jobs_leased');
    } finally {
      await harness.close();
      await drop();
    }
  });
});
