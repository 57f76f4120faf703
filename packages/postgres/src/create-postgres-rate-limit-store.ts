import type { RateLimitStore } from '@transmute/http';
import type { Store } from '@transmute/service';
import { sql } from 'kysely';

/**
 * Makes the buckets' table UNLOGGED once: a take then writes no WAL and waits for no flush (a
 * logged upsert per request costs a disk sync). Buckets are worth losing: after a crash or a
 * failover to a replica they start full again.
 */
async function ensureUnlogged(store: Store): Promise<void> {
  const { rows } = await sql<{ relpersistence: string }>`
    select relpersistence from pg_class where oid = 'rate_limit_buckets'::regclass`.execute(store.db);
  if (rows[0]?.relpersistence === 'p')
    await sql`alter table rate_limit_buckets set unlogged`.execute(store.db);
}

/**
 * Request-rate buckets in PostgreSQL (table `rate_limit_buckets`, migration 0140, made UNLOGGED
 * here), shared by every process on the database. One statement refills and takes by the
 * database's clock: the row lock serialises concurrent takes of one bucket, so N API processes let
 * an account through at its plan's rate, not N times it. The store stays its owner's to close.
 *
 * @example
 * const store = await createPostgresStore({ connectionString });
 * createFetchHandler({ service, rateLimit: { store: await createPostgresRateLimitStore(store) } });
 */
export async function createPostgresRateLimitStore(store: Store): Promise<RateLimitStore> {
  if (store.dialect !== 'postgres') throw new Error('createPostgresRateLimitStore needs a PostgreSQL store.');
  await ensureUnlogged(store);
  return {
    kind: 'postgres',
    async take(key, rule) {
      // A new bucket starts full and gives its first token; `excluded` holds that row, so
      // `excluded.tokens + 1` is the burst and `excluded.refilled_at` this statement's time.
      const level = sql<number>`least(excluded.tokens + 1, b.tokens + greatest(0, excluded.refilled_at - b.refilled_at) * ${rule.requestsPerSecond}::double precision)`;
      const { rows } = await sql<{ tokens: number; allowed: boolean }>`
        insert into rate_limit_buckets as b (bucket_key, tokens, refilled_at, allowed)
        values (${key}, ${rule.burst - 1}::double precision, extract(epoch from statement_timestamp()), true)
        on conflict (bucket_key) do update set
          tokens = case when ${level} >= 1 then ${level} - 1 else ${level} end,
          refilled_at = greatest(b.refilled_at, excluded.refilled_at),
          allowed = ${level} >= 1
        returning tokens, allowed`.execute(store.db);
      const row = rows[0];
      if (row === undefined) throw new Error('rate_limit_buckets answered no row');
      return { allowed: row.allowed, tokens: Number(row.tokens) };
    },
    close: () => Promise.resolve(),
  };
}
