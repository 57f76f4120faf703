import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectProblem,
  expectResource,
  textJob,
  waitJob,
  type Api,
  type Reply,
} from './support/http.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { lastJsonLine, runCli, startService, type RunningService } from './support/service.js';

let service: RunningService;
let receiver: Receiver;
let a: Api;
let b: Api;
let c: Api;

beforeAll(async () => {
  [service, receiver] = await Promise.all([
    startService({ plans: ['developer', 'developer', 'team'], flags: ['--allow-private-networks'] }),
    startReceiver(),
  ]);
  const [first, second, third] = service.accounts;
  a = api(service.baseUrl, first?.apiKey ?? '');
  b = api(service.baseUrl, second?.apiKey ?? '');
  c = api(service.baseUrl, third?.apiKey ?? '');
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

/** `transmute accounts <command> <account_id> --data-dir D --json` while serve runs on D. */
async function setStatus(command: 'suspend' | 'activate' | 'cancel', accountId: string): Promise<unknown> {
  return lastJsonLine(
    await runCli(['accounts', command, accountId, '--data-dir', service.dataDir, '--json']),
  );
}

/** The CONTRACT §3 problem of a change refused for the account's status. */
function expectSuspended(reply: Reply): void {
  expectProblem(reply, 403, 'account_suspended');
  expect(reply.body.retryable).toBe(false);
  expect(reply.body.title).toEqual(expect.any(String));
  expect(reply.body.detail).toEqual(expect.any(String));
  expect(reply.body.field_errors ?? []).toEqual([]);
}

/** The `billing.account_updated` deliveries the receiver got at `path`, as `data.object`. */
function accountUpdates(path: string): { id: string; status: string }[] {
  return receiver.received
    .filter((r) => r.path === path)
    .map((r) => JSON.parse(r.body) as { type: string; data: { object: { id: string; status: string } } })
    .filter((event) => event.type === 'billing.account_updated')
    .map((event) => event.data.object);
}

describe('accounts suspended and activated with the CLI while serve runs (CONTRACT §3)', () => {
  it('a suspended account reads but cannot change anything; activated, it creates again', async () => {
    const accountId = service.accounts[0]?.accountId ?? '';
    const hook = await a.post('/v1/webhook-endpoints', {
      url: `${receiver.url}/billing-a`,
      events: ['billing.account_updated'],
    });
    expectResource(hook, 201, 'WebhookEndpointWithSecret');
    const before = await a.post('/v1/jobs', textJob('Written before the suspension.'));
    expectResource(before, 201, 'Job');
    const jobId = before.body.id as string;
    expect((await waitJob(a, jobId)).body.status).toBe('succeeded');

    expect(await setStatus('suspend', accountId)).toEqual({
      account_id: accountId,
      plan: 'developer',
      status: 'suspended',
    });

    // Changes are refused with the problem body, on the very next request.
    const key = randomUUID();
    const body = textJob('Written while suspended.');
    expectSuspended(await a.post('/v1/jobs', body, { idem: key }));
    expectSuspended(
      await a.post('/v1/upload-intents', {
        name: 'a.txt',
        media_type: 'text/plain',
        size_bytes: 3,
        sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      }),
    );
    expectSuspended(await a.post(`/v1/jobs/${jobId}/outputs`, { output: { profile: 'source_summary' } }));
    expectSuspended(await a.post(`/v1/jobs/${jobId}/cancel`));
    expectSuspended(await a.del(`/v1/jobs/${jobId}`));
    expectSuspended(
      await a.post('/v1/webhook-endpoints', { url: `${receiver.url}/x`, events: ['job.succeeded'] }),
    );

    // Reads still work.
    const job = await a.get(`/v1/jobs/${jobId}`);
    expectResource(job, 200, 'Job');
    expect(job.body.status).toBe('succeeded');
    const list = await a.get('/v1/jobs');
    expectResource(list, 200, 'JobList');
    expect((list.body.data as { id: string }[]).map((j) => j.id)).toEqual([jobId]);
    expectResource(await a.get(`/v1/jobs/${jobId}/outputs`), 200, 'OutputList');
    const usage = await a.get('/v1/usage');
    expectResource(usage, 200, 'Usage');
    expect(usage.body.account_status).toBe('suspended');

    // Other accounts are untouched.
    expectResource(await b.post('/v1/jobs', textJob('Another account writes on.')), 201, 'Job');

    await receiver.waitFor((r) => r.path === '/billing-a' && accountUpdates('/billing-a').length >= 1);
    expect(accountUpdates('/billing-a')[0]).toMatchObject({ id: accountId, status: 'suspended' });

    expect(await setStatus('activate', accountId)).toEqual({
      account_id: accountId,
      plan: 'developer',
      status: 'active',
    });
    // The refused create was never stored under its key: the same key and body now create the job.
    const after = await a.post('/v1/jobs', body, { idem: key });
    expectResource(after, 201, 'Job');
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect((await waitJob(a, after.body.id as string)).body.status).toBe('succeeded');
    expect((await a.get('/v1/usage')).body.account_status).toBe('active');
    await receiver.waitFor(() => accountUpdates('/billing-a').length >= 2);
    expect(accountUpdates('/billing-a')[1]).toMatchObject({ id: accountId, status: 'active' });
  }, 120_000);

  it('a canceled account is refused changes the same way and keeps its reads', async () => {
    const accountId = service.accounts[2]?.accountId ?? '';
    const created = await c.post('/v1/jobs', textJob('Written before the cancellation.'));
    expectResource(created, 201, 'Job');
    expect(await setStatus('cancel', accountId)).toEqual({
      account_id: accountId,
      plan: 'team',
      status: 'canceled',
    });
    expectSuspended(await c.post('/v1/jobs', textJob('Written after the cancellation.')));
    expectResource(await c.get(`/v1/jobs/${created.body.id as string}`), 200, 'Job');
    expectResource(await c.get('/v1/jobs'), 200, 'JobList');
    expect((await c.get('/v1/usage')).body.account_status).toBe('canceled');
  }, 60_000);

  it('refuses an unknown account with a non-zero exit', async () => {
    await expect(setStatus('suspend', 'acct_doesnotexist0000000000')).rejects.toThrow(
      /Unknown account acct_doesnotexist0000000000/,
    );
  }, 60_000);
});
