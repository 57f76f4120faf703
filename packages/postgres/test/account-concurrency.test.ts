import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsBlobStore } from '@transmute/service';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SLOW_MEDIA_TYPE } from '../../service/test/support/slow-source.js';
import { startHarness, uploadFile, waitFor, type Harness } from '../../service/test/support/harness.js';
import { createPostgresStore } from '../src/index.js';

// An account's plan concurrency holds across worker pools of separate processes on one database:
// each pool has room for 3 jobs, the account may run 2, and it never runs more.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `limits_conc_${randomBytes(6).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'transmute-pg-concurrency-'));
const LIMIT = 2;
const JOBS = 8;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** One "process": its own pool, workers and id, sharing the database and the blob directory. */
async function open(workerId: string): Promise<Harness> {
  const store = await createPostgresStore({ connectionString, schema, maxConnections: 6 });
  const blobs = await createFsBlobStore({ root: join(dir, 'blobs') });
  return startHarness(
    { workerId, workerConcurrency: 3, leaseMs: 5000, logger: quiet },
    { dir, store, blobs },
  );
}

/** Jobs of `accountId` holding a live lease right now, with their holders. */
async function leased(client: pg.Client, accountId: string): Promise<string[]> {
  const { rows } = await client.query<{ locked_by: string }>(
    `select locked_by from "${schema}".jobs
     where account_id = $1 and locked_by is not null and status = 'processing'`,
    [accountId],
  );
  return rows.map((row) => row.locked_by);
}

describe('account concurrency across worker processes on PostgreSQL', () => {
  const harnesses: Harness[] = [];
  const client = new pg.Client({ connectionString });
  afterAll(async () => {
    for (const harness of harnesses) await harness.close(true);
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never runs more of an account’s jobs at once than its plan allows', async () => {
    await client.connect();
    harnesses.push(await open('pool-a'), await open('pool-b'));
    const [a, b] = harnesses as [Harness, Harness];
    const { account } = await a.service.admin.createAccount({
      plan: 'developer',
      limits: { concurrency: LIMIT },
    });
    const caller = { accountId: account.id, requestId: 'req_concurrency' };
    const file = await uploadFile(
      { service: a.service, caller },
      'sleep=600\n\nslow text',
      SLOW_MEDIA_TYPE,
      'slow.bin',
    );
    const source = { type: 'files' as const, file_ids: [file.id] };
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i += 1) {
      const creator = i % 2 === 0 ? a : b;
      ids.push((await creator.service.createJob(caller, { source, output: { profile: 'raw_source' } })).id);
    }

    let most = 0;
    const holders = new Set<string>();
    await waitFor(async () => {
      const now = await leased(client, account.id);
      most = Math.max(most, now.length);
      for (const holder of now) holders.add(holder.split('/')[0] ?? '');
      const jobs = await Promise.all(ids.map((id) => a.service.getJob(caller, id)));
      return jobs.every((job) => job.status === 'succeeded') ? true : undefined;
    }, 60_000);

    expect(most).toBe(LIMIT);
    expect([...holders].sort()).toEqual(['pool-a', 'pool-b']);
  }, 90_000);
});
