import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsBlobStore } from '@transmute/service';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../../service/test/support/harness.js';
import { createPostgresStore } from '../src/index.js';

// Two "processes" (each its own pool and listening connection) on one database: a key revoked
// through one is refused by the other as soon as the notification arrives, long before the
// credential cache's time (a minute here) would have let it lapse.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `cred_notify_${randomBytes(6).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'transmute-pg-credentials-'));

async function open(): Promise<Harness> {
  const store = await createPostgresStore({ connectionString, schema, maxConnections: 3 });
  const blobs = await createFsBlobStore({ root: join(dir, 'blobs') });
  return startHarness({ workerConcurrency: 0, credentialCacheMs: 60_000 }, { dir, store, blobs });
}

describe('cached API keys across processes on PostgreSQL', () => {
  const harnesses: Harness[] = [];
  afterAll(async () => {
    for (const harness of harnesses) await harness.close(true);
    const client = new pg.Client({ connectionString });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a key revoked by another process once its notification arrives', async () => {
    harnesses.push(await open(), await open());
    const [a, b] = harnesses as [Harness, Harness];
    const { keyId, apiKey } = await a.service.admin.createApiKey(a.caller.accountId);
    expect((await a.service.authenticateApiKey(apiKey))?.id).toBe(a.caller.accountId);
    expect(await b.service.admin.revokeApiKey(keyId)).toBe(true);
    const refused = await waitFor(
      async () => ((await a.service.authenticateApiKey(apiKey)) === null ? true : undefined),
      5000,
    );
    expect(refused).toBe(true);
  });

  it('answers another process’s suspension once its notification arrives', async () => {
    const [a, b] = harnesses as [Harness, Harness];
    const { apiKey } = await a.service.admin.createApiKey(a.caller.accountId);
    expect((await a.service.authenticateApiKey(apiKey))?.status).toBe('active');
    await b.service.admin.setAccountStatus(a.caller.accountId, 'suspended');
    const status = await waitFor(async () => {
      const account = await a.service.authenticateApiKey(apiKey);
      return account?.status === 'suspended' ? account.status : undefined;
    }, 5000);
    expect(status).toBe('suspended');
  });
});
