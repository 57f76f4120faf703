import { randomBytes } from 'node:crypto';
import { TransmuteError } from '@transmute/contract';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../service/test/support/harness.js';
import { createPostgresStore } from '../src/index.js';

// On the PostgreSQL store (pipelined), a createJob whose Idempotency-Key was free when read sends
// the key's row with its COMMIT instead of waiting for the row's answer before it: a key written
// meanwhile by another request fails the commit (a unique violation), and the create rolls back
// with idempotency_key_in_use, as when the upsert waited for counted 0.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `idem_ahead_${randomBytes(6).toString('hex')}`;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const BODY = {
  source: { type: 'text' as const, content: 'Sent with the commit.' },
  output: { profile: 'raw_source' as const },
};

/**
 * Counts the round trips of the statements `run` sends: a statement sent while its connection has
 * none of them unanswered waits for the server; one sent behind unanswered ones shares their wait.
 */
async function roundTrips(run: () => Promise<unknown>): Promise<number> {
  const unanswered = new Map<object, number>();
  let trips = 0;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: unknown }).query = function (this: object, ...args: unknown[]) {
    // Arrow functions below: `this` stays the client.
    const before = unanswered.get(this) ?? 0;
    if (before === 0) trips += 1;
    unanswered.set(this, before + 1);
    const answered = (): void => void unanswered.set(this, (unanswered.get(this) ?? 1) - 1);
    // The store's named statements are query objects answered through their callback.
    const query = args[0] as { submit?: unknown; callback?: (error: unknown, result: unknown) => void };
    const callback = query.callback;
    if (typeof query.submit === 'function' && typeof callback === 'function') {
      query.callback = (error, result) => {
        answered();
        callback(error, result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) void result.finally(answered).catch(() => undefined);
    return result;
  };
  try {
    await run();
  } finally {
    (pg.Client.prototype as unknown as { query: unknown }).query = original;
  }
  return trips;
}

describe('createJob’s Idempotency-Key sent with its COMMIT, on PostgreSQL', () => {
  const harnesses: Harness[] = [];
  const client = new pg.Client({ connectionString });
  let connected = false;
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
    await client.query(`drop schema if exists "${schema}" cascade`);
  });
  afterAll(async () => {
    if (connected) await client.end();
  });
  /** Two services on one schema, as two processes; the second acts for the first one's account. */
  const start = async (): Promise<{ a: Harness; b: Harness }> => {
    if (!connected) {
      await client.connect();
      connected = true;
    }
    const open = () => createPostgresStore({ connectionString, schema, maxConnections: 4 });
    const a = await startHarness({ logger: quiet, workerConcurrency: 0 }, { store: await open() });
    harnesses.push(a);
    const b = await startHarness({ logger: quiet, workerConcurrency: 0 }, { store: await open() });
    harnesses.push(b);
    return { a, b };
  };
  const create = (harness: Harness, caller: Harness['caller'], key: string) =>
    harness.service.runIdempotent(caller, { key, fingerprint: 'f1', operationId: 'createJob' }, () =>
      harness.service.createJob(caller, BODY),
    );
  const jobCount = async (accountId: string): Promise<number> => {
    const { rows } = await client.query(`select id from "${schema}".jobs where account_id = $1`, [accountId]);
    return rows.length;
  };

  it('creates a job under a new key in three round trips: the key read, the lock, the writes with the COMMIT', async () => {
    const { a } = await start();
    await create(a, a.caller, 'warm-up');
    expect(await roundTrips(() => create(a, a.caller, 'counted'))).toBe(3);
    await expect(create(a, a.caller, 'counted')).resolves.toMatchObject({ replayed: true });
  });

  it('rolls a create back with idempotency_key_in_use when another process answered its key first', async () => {
    const { a, b } = await start();
    const caller = a.caller;
    const raced = a.service.runIdempotent(
      caller,
      { key: 'raced', fingerprint: 'f1', operationId: 'createJob' },
      async () => {
        // Between this request's read of the key (free) and its commit.
        await create(b, caller, 'raced');
        return a.service.createJob(caller, BODY);
      },
    );
    await expect(raced).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    expect(await jobCount(caller.accountId)).toBe(1);
    await expect(create(a, caller, 'raced')).resolves.toMatchObject({ replayed: true });
  });

  it('gives eight concurrent creates with one key over two processes one job', async () => {
    const { a, b } = await start();
    const results = await Promise.all(
      [a, b, a, b, a, b, a, b].map((harness) =>
        create(harness, a.caller, 'same').catch((error: unknown) =>
          error instanceof TransmuteError ? error : Promise.reject(error as Error),
        ),
      ),
    );
    const created = results.filter((result) => !(result instanceof TransmuteError) && !result.replayed);
    expect(created).toHaveLength(1);
    for (const result of results) {
      if (result instanceof TransmuteError) expect(result.code).toBe('idempotency_key_in_use');
    }
    expect(await jobCount(a.caller.accountId)).toBe(1);
  });
});
