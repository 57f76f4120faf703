import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startHarness, waitForJob, type Harness } from '../../service/test/support/harness.js';
import { createPostgresStore } from '../src/index.js';

// The sections an account's lock serializes send their next statement without waiting for the
// lock's answer (createJob's quota read behind the account row's lock; the claim's COMMIT behind its
// update). What those sections decide must not change: a createJob that waited for the lock decides
// on the totals committed while it waited, and a claim whose update fails commits nothing.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `locked_sections_${randomBytes(6).toString('hex')}`;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const tinyJob = {
  source: { type: 'text', content: '# Locked\n\nA tiny job.\n' },
  output: { profile: 'raw_source' },
} as const;

describe('the sections an account lock serializes, on PostgreSQL', () => {
  let harness: Harness | undefined;
  const client = new pg.Client({ connectionString });
  let connected = false;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
    await client.query(`drop schema if exists "${schema}" cascade`);
  });
  afterAll(async () => {
    if (connected) await client.end();
  });
  const start = async (options: { start: boolean }): Promise<Harness> => {
    if (!connected) {
      await client.connect();
      connected = true;
    }
    const store = await createPostgresStore({ connectionString, schema, maxConnections: 8 });
    harness = await startHarness({ logger: quiet }, { store, start: options.start });
    return harness;
  };

  it('decides a createJob that waited for the account lock on the totals committed while it waited', async () => {
    const { service, caller } = await start({ start: false });
    await service.admin.setPlan(caller.accountId, 'enterprise', { jobs: 2 });
    await service.createJob(caller, tinyJob);
    await client.query('begin');
    let waiting: Promise<unknown> | undefined;
    try {
      await client.query(`select id from "${schema}".accounts where id = $1 for update`, [caller.accountId]);
      // This createJob's lock statement and its quota read are both on the wire behind our lock.
      waiting = service.createJob(caller, tinyJob).then(
        () => 'created',
        (error: unknown) => (error as { code?: string }).code,
      );
      await waitForLockWait(client);
      // What another createJob would have committed under the lock: the period's last job.
      const bumped = await client.query(
        `update "${schema}".usage_totals set committed = committed + 1
          where account_id = $1 and unit = 'jobs' and state = 'pending'`,
        [caller.accountId],
      );
      expect(bumped.rowCount).toBe(1);
    } finally {
      await client.query('commit');
    }
    expect(await waiting).toBe('quota_exceeded');
  }, 30_000);

  it('creates exactly the jobs the plan allows under concurrent createJobs of one account', async () => {
    const { service, caller } = await start({ start: false });
    await service.admin.setPlan(caller.accountId, 'enterprise', { jobs: 5 });
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        service.createJob(caller, tinyJob).then(
          () => 'created',
          (error: unknown) => (error as { code?: string }).code,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'quota_exceeded')).toHaveLength(7);
    const { rows } = await client.query(`select count(*)::int as n from "${schema}".jobs`);
    expect(rows[0]).toEqual({ n: 5 });
  }, 30_000);

  it('commits nothing of a claim whose update fails, and claims the job once it can', async () => {
    const started = await start({ start: false });
    const { service, caller, store } = started;
    const job = await service.createJob(caller, tinyJob);
    // Every claim's update fails (the lease is what a claim sets), as a broken statement would.
    await client.query(
      `create function "${schema}".refuse_claims() returns trigger language plpgsql as $$
       begin
         if new.locked_by is not null and old.locked_by is null then
           raise exception 'claim refused by the test';
         end if;
         return new;
       end $$`,
    );
    await client.query(
      `create trigger refuse_claims before update on "${schema}".jobs
       for each row execute function "${schema}".refuse_claims()`,
    );
    await service.start();
    // Let the pool try (it claims at start and polls every 50 ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const held = await store.db
      .selectFrom('jobs')
      .select(['status', 'locked_by', 'attempts', 'lease_expires_at'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(held).toEqual({ status: 'queued', locked_by: null, attempts: 0, lease_expires_at: null });
    await client.query(`drop trigger refuse_claims on "${schema}".jobs`);
    expect((await waitForJob(started, job.id, ['succeeded', 'failed'], 15_000)).status).toBe('succeeded');
  }, 30_000);
});

/** Until a session waits for a lock this session holds (the createJob behind ours). */
async function waitForLockWait(client: pg.Client): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no session waited for the account lock');
}
