import { afterEach, describe, expect, it } from 'vitest';
import { decryptSecret } from '../src/kernel/secrets.js';
import { startHarness, waitForJob, type Harness } from './support/harness.js';

const URL_OK = 'http://127.0.0.1:9/hook';

describe('webhook endpoint operations', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('creates with a one-time secret, lists redacted, updates, pauses and resumes', async () => {
    h = await startHarness({ allowPrivateNetworks: true, workerConcurrency: 0 });
    const created = await h.service.createWebhookEndpoint(h.caller, {
      url: URL_OK,
      events: ['job.succeeded', 'job.failed'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created).toMatchObject({
      status: 'active',
      description: '',
      secret_last_four: created.secret.slice(-4),
    });
    const list = await h.service.listWebhookEndpoints(h.caller, { limit: 10 });
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const updated = await h.service.updateWebhookEndpoint(h.caller, created.id, { description: 'ops' });
    expect(updated).toMatchObject({ description: 'ops', events: ['job.succeeded', 'job.failed'] });
    expect((await h.service.pauseWebhookEndpoint(h.caller, created.id)).status).toBe('paused');
    expect((await h.service.pauseWebhookEndpoint(h.caller, created.id)).status).toBe('paused');
    expect((await h.service.resumeWebhookEndpoint(h.caller, created.id)).status).toBe('active');
  });

  it('remembers a rotation with its commit: a request that died after it replays the new secret', async () => {
    h = await startHarness({ allowPrivateNetworks: true, workerConcurrency: 0 });
    const harness = h;
    const created = await harness.service.createWebhookEndpoint(harness.caller, {
      url: URL_OK,
      events: ['job.succeeded'],
    });
    const request = { key: 'rotate-once', fingerprint: 'fp' };
    let rotated = '';
    await expect(
      harness.service.runIdempotent(harness.caller, request, async () => {
        rotated = (await harness.service.rotateWebhookEndpointSecret(harness.caller, created.id)).secret;
        throw new Error('connection lost after commit');
      }),
    ).rejects.toThrow('connection lost');
    const replay = await harness.service.runIdempotent(harness.caller, request, () =>
      harness.service.rotateWebhookEndpointSecret(harness.caller, created.id),
    );
    expect(replay).toMatchObject({ replayed: true, value: { id: created.id, secret: rotated } });
    const [endpoint] = (await harness.service.listWebhookEndpoints(harness.caller, { limit: 10 })).data;
    expect(endpoint?.secret_last_four).toBe(rotated.slice(-4));
  });

  it('refuses plain http and private targets unless the operator allows them', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest',
    ]) {
      await expect(
        h.service.createWebhookEndpoint(h.caller, { url, events: ['job.succeeded'] }),
      ).rejects.toMatchObject({
        code: 'validation_failed',
        // The refusal names the setting that allows a local receiver in development.
        message: expect.stringContaining('--allow-private-networks'),
        fieldErrors: [
          { field: 'url', code: 'url_not_allowed', detail: expect.stringContaining('allowPrivateNetworks') },
        ],
      });
    }
  });

  it('encrypts secrets at rest with a master key and rotates with a 24 h overlap', async () => {
    h = await startHarness({
      allowPrivateNetworks: true,
      workerConcurrency: 0,
      masterKey: 'master-key-for-tests',
    });
    const created = await h.service.createWebhookEndpoint(h.caller, {
      url: URL_OK,
      events: ['job.succeeded'],
    });
    const row = await h.store.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain(created.secret);
    expect(decryptSecret(row.secret_ciphertext, 'master-key-for-tests')).toBe(created.secret);
    const rotated = await h.service.rotateWebhookEndpointSecret(h.caller, created.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previous_secret_expires_at).not.toBeNull();
    const after = await h.store.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(decryptSecret(after.previous_secret_ciphertext ?? '', 'master-key-for-tests')).toBe(
      created.secret,
    );
    const again = await h.service.rotateWebhookEndpointSecret(h.caller, created.id);
    expect(again.previous_secret_expires_at).toBeNull();
  });

  it('writes deliveries for subscribed events, tests, replays only dead letters, and deletes', async () => {
    h = await startHarness({ allowPrivateNetworks: true });
    const endpoint = await h.service.createWebhookEndpoint(h.caller, {
      url: URL_OK,
      events: ['job.succeeded'],
    });
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: 'Webhook text.' },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['succeeded']);
    const deliveries = await h.service.listWebhookDeliveries(h.caller, endpoint.id, { limit: 10 });
    expect(deliveries.data.map((d) => d.event_type)).toEqual(['job.succeeded']);
    const event = await h.store.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', deliveries.data[0]?.event_id ?? '')
      .executeTakeFirstOrThrow();
    const envelope = JSON.parse(event.payload) as {
      api_version: string;
      data: { object: { id: string; status: string } };
    };
    expect(envelope).toMatchObject({
      api_version: 'v1',
      type: 'job.succeeded',
      data: { object: { id: job.id, status: 'succeeded' } },
    });
    const test = await h.service.testWebhookEndpoint(h.caller, endpoint.id);
    expect(test).toMatchObject({ status: 'pending', event_type: 'job.succeeded', attempts: 0 });
    const testEvent = await h.store.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', test.event_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(testEvent.payload)).toMatchObject({ test: true, type: 'job.succeeded' });
    await expect(h.service.replayWebhookDelivery(h.caller, endpoint.id, test.id)).rejects.toMatchObject({
      code: 'delivery_not_dead_lettered',
    });
    await h.store.db
      .updateTable('webhook_deliveries')
      .set({ status: 'dead_letter', attempts: 8 })
      .where('id', '=', test.id)
      .execute();
    const replayed = await h.service.replayWebhookDelivery(h.caller, endpoint.id, test.id);
    expect(replayed).toMatchObject({ id: test.id, status: 'pending', event_id: test.event_id });
    const pending = await h.service.listWebhookDeliveries(h.caller, endpoint.id, {
      limit: 10,
      status: 'pending',
    });
    expect(pending.data.map((d) => d.id)).toContain(test.id);
    await h.service.deleteWebhookEndpoint(h.caller, endpoint.id);
    await expect(h.service.deleteWebhookEndpoint(h.caller, endpoint.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    const ended = await h.store.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', test.id)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ status: 'dead_letter', last_error_code: 'endpoint_deleted' });
  });

  it('hides endpoints of other accounts', async () => {
    h = await startHarness({ allowPrivateNetworks: true, workerConcurrency: 0 });
    const endpoint = await h.service.createWebhookEndpoint(h.caller, {
      url: URL_OK,
      events: ['job.succeeded'],
    });
    const { account } = await h.service.admin.createAccount();
    const other = { accountId: account.id, requestId: 'req_other' };
    await expect(h.service.pauseWebhookEndpoint(other, endpoint.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(h.service.listWebhookDeliveries(other, endpoint.id, { limit: 5 })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await h.service.listWebhookEndpoints(other, { limit: 5 })).data).toEqual([]);
  });
});
