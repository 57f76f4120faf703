import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startHarness, waitForJob, type Harness } from '../../service/test/support/harness.js';
import { createPostgresStore } from '../src/index.js';

// Job claims of one account serialize on a lock of their own, not on the account row that
// createJob locks for its quota: a claim does not wait for a createJob in flight, nor for the
// disk flush at the end of one.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `claim_lock_${randomBytes(6).toString('hex')}`;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the claim lock of an account on PostgreSQL', () => {
  let harness: Harness | undefined;
  const client = new pg.Client({ connectionString });
  afterAll(async () => {
    await harness?.close();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('claims and runs a job while another session holds the account row locked', async () => {
    await client.connect();
    const store = await createPostgresStore({ connectionString, schema, maxConnections: 4 });
    harness = await startHarness({ logger: quiet }, { store, start: false });
    const { service, caller } = harness;
    const job = await service.createJob(caller, {
      source: { type: 'text', content: '# Held\n\nThe account row is locked elsewhere.\n' },
      output: { profile: 'raw_source' },
    });
    await client.query('begin');
    try {
      // As a createJob of the same account holds it until its commit.
      const locked = await client.query(`select id from "${schema}".accounts where id = $1 for update`, [
        caller.accountId,
      ]);
      expect(locked.rowCount).toBe(1);
      await service.start();
      expect((await waitForJob(harness, job.id, ['succeeded', 'failed'], 15_000)).status).toBe('succeeded');
    } finally {
      await client.query('rollback');
    }
  }, 30_000);
});
