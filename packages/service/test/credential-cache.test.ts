import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/index.js';
import { startHarness, type Harness } from './support/harness.js';

// Verified API keys are cached (kernel/credential-cache.ts); nothing a revocation or an account
// change decides may outlive it in the process that made it, whatever the cache's time.

describe('API keys verified lately', () => {
  const harnesses: Harness[] = [];
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
  });

  async function open(config = {}, options = {}): Promise<Harness> {
    const harness = await startHarness(
      { workerConcurrency: 0, credentialCacheMs: 60_000, ...config },
      options,
    );
    harnesses.push(harness);
    return harness;
  }

  it('refuses a revoked key at once although it was verified a moment before', async () => {
    const h = await open();
    const { keyId, apiKey } = await h.service.admin.createApiKey(h.caller.accountId);
    const second = await h.service.admin.createApiKey(h.caller.accountId);
    expect((await h.service.authenticateApiKey(apiKey))?.id).toBe(h.caller.accountId);
    expect((await h.service.authenticateApiKey(second.apiKey))?.id).toBe(h.caller.accountId);
    expect(await h.service.admin.revokeApiKey(keyId)).toBe(true);
    expect(await h.service.authenticateApiKey(apiKey)).toBeNull();
    expect((await h.service.authenticateApiKey(second.apiKey))?.id).toBe(h.caller.accountId);
    expect(await h.service.admin.revokeApiKey(second.apiKey)).toBe(true);
    expect(await h.service.authenticateApiKey(second.apiKey)).toBeNull();
  });

  it('answers a changed plan and status at once', async () => {
    const h = await open();
    const { apiKey } = await h.service.admin.createApiKey(h.caller.accountId);
    expect((await h.service.authenticateApiKey(apiKey))?.plan).toBe('developer');
    await h.service.admin.setPlan(h.caller.accountId, 'enterprise');
    expect((await h.service.authenticateApiKey(apiKey))?.plan).toBe('enterprise');
    await h.service.admin.setAccountStatus(h.caller.accountId, 'suspended');
    expect((await h.service.authenticateApiKey(apiKey))?.status).toBe('suspended');
  });

  it('refuses a key revoked by another process on the same SQLite file at once', async () => {
    const a = await open();
    const b = await open({}, { store: await createSqliteStore({ path: join(a.dir, 'db', 'transmute.db') }) });
    const { keyId, apiKey } = await a.service.admin.createApiKey(a.caller.accountId);
    expect((await a.service.authenticateApiKey(apiKey))?.id).toBe(a.caller.accountId);
    expect(await b.service.admin.revokeApiKey(keyId)).toBe(true);
    expect(await b.service.authenticateApiKey(apiKey)).toBeNull();
    expect(await a.service.authenticateApiKey(apiKey)).toBeNull();
  });
});
