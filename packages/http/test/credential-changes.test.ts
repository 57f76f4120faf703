import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../service/test/support/harness.js';
import { createFetchHandler, type FetchHandler } from '../src/index.js';

// The service caches verified API keys; through the handler, the request right after a revocation
// or a suspension made by the same process is answered by the new state.

const JOB_BODY = { source: { type: 'text', content: 'Cached key text.' }, output: { profile: 'raw_source' } };

function createJob(handler: FetchHandler, apiKey: string): Promise<Response> {
  return handler(
    new Request('http://localhost/v1/jobs', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(JOB_BODY),
    }),
  );
}

describe('credential changes through the handler', () => {
  const harnesses: Harness[] = [];
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
  });

  async function start(): Promise<{
    harness: Harness;
    apiKey: string;
    keyId: string;
    handler: FetchHandler;
  }> {
    const harness = await startHarness({ workerConcurrency: 0, credentialCacheMs: 60_000 });
    harnesses.push(harness);
    const { apiKey, keyId } = await harness.service.admin.createApiKey(harness.caller.accountId);
    const handler = createFetchHandler({ service: harness.service, logger: { error: () => undefined } });
    return { harness, apiKey, keyId, handler };
  }

  it('answers 401 invalid_token on the request right after the key was revoked', async () => {
    const { harness, apiKey, keyId, handler } = await start();
    const created = await createJob(handler, apiKey);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = (): Promise<Response> =>
      handler(
        new Request(`http://localhost/v1/jobs/${id}`, { headers: { authorization: `Bearer ${apiKey}` } }),
      );
    expect((await read()).status).toBe(200);
    await harness.service.admin.revokeApiKey(keyId);
    const refused = await read();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('refuses a write on the request right after the account was suspended', async () => {
    const { harness, apiKey, handler } = await start();
    expect((await createJob(handler, apiKey)).status).toBe(201);
    await harness.service.admin.setAccountStatus(harness.caller.accountId, 'suspended');
    const refused = await createJob(handler, apiKey);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'account_suspended' });
  });
});
