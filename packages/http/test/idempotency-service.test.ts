import { afterEach, describe, expect, it } from 'vitest';
import { createKyselyStore, type Service, type TransmuteService } from '@transmute/service';
import { startHarness, type Harness } from '../../service/test/support/harness.js';
import { createPostgresTestDb } from '../../service/test/support/postgres.js';
import { createFetchHandler, type FetchHandler } from '../src/index.js';

// Idempotency through the real service (CONTRACT §5), with the handler mounted under a base path:
// the first answer and its replay are built by the same code, `Location` included.

const JOB_BODY = { source: { type: 'text', content: 'Idempotent text.' }, output: { profile: 'raw_source' } };

interface Answer {
  status: number;
  location: string | null;
  replayed: string | null;
  body: Record<string, unknown>;
}

function mount(service: TransmuteService): FetchHandler {
  return createFetchHandler({ service, basePath: '/api', logger: { error: () => undefined } });
}

async function post(
  handler: FetchHandler,
  apiKey: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<Answer> {
  const response = await handler(
    new Request(`http://localhost/api${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'idempotency-key': key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return {
    status: response.status,
    location: response.headers.get('location'),
    replayed: response.headers.get('idempotent-replayed'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** Like a client: retries while the key is in flight (409 `idempotency_key_in_use`). */
async function postUntilAnswered(handler: FetchHandler, apiKey: string, key: string): Promise<Answer> {
  for (;;) {
    const answer = await post(handler, apiKey, '/v1/jobs', key, JOB_BODY);
    if (answer.body.code !== 'idempotency_key_in_use') return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const withoutRequestId = (body: Record<string, unknown>): Record<string, unknown> => {
  const { request_id: _requestId, ...rest } = body;
  return rest;
};

describe('idempotency through the real service, mounted under /api', () => {
  const harnesses: Harness[] = [];
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
  });

  async function start(): Promise<{ harness: Harness; apiKey: string; handler: FetchHandler }> {
    const harness = await startHarness({ workerConcurrency: 0 });
    harnesses.push(harness);
    const { apiKey } = await harness.service.admin.createApiKey(harness.caller.accountId);
    return { harness, apiKey, handler: mount(harness.service) };
  }

  it('replays a create with the first status, Location under the base path, and body', async () => {
    const { harness, apiKey, handler } = await start();
    const first = await post(handler, apiKey, '/v1/jobs', 'same', JOB_BODY);
    const second = await post(handler, apiKey, '/v1/jobs', 'same', JOB_BODY);
    expect(first).toMatchObject({
      status: 201,
      replayed: null,
      location: `/api/v1/jobs/${String(first.body.id)}`,
    });
    expect(second).toEqual({ ...first, replayed: 'true' });
    const jobs = await harness.service.listJobs(harness.caller, { limit: 10 });
    expect(jobs.data).toHaveLength(1);
  });

  it('replays what the create committed when the request died after the commit, Location included', async () => {
    const { harness, apiKey } = await start();
    const service: Service = harness.service;
    const dying: TransmuteService = {
      ...service,
      createJob: async (caller, body) => {
        await service.createJob(caller, body);
        throw new Error('connection lost after commit');
      },
    };
    const first = await post(mount(dying), apiKey, '/v1/jobs', 'crashy', JOB_BODY);
    expect(first.status).toBe(500);
    const replay = await post(mount(service), apiKey, '/v1/jobs', 'crashy', JOB_BODY);
    const [job] = (await service.listJobs(harness.caller, { limit: 10 })).data;
    expect(replay).toEqual({
      status: 201,
      replayed: 'true',
      location: `/api/v1/jobs/${job?.id ?? ''}`,
      body: JSON.parse(JSON.stringify(job)) as Record<string, unknown>,
    });
  });

  it('replays a remembered error raised inside the operation, and runs again after a forgotten one', async () => {
    const { apiKey, handler } = await start();
    const missing = '/v1/jobs/job_000000000000000000000000/cancel';
    const first = await post(handler, apiKey, missing, 'cancel-missing');
    const second = await post(handler, apiKey, missing, 'cancel-missing');
    expect(first).toMatchObject({ status: 404, replayed: null, body: { code: 'not_found' } });
    expect(second).toMatchObject({ status: 404, replayed: 'true', body: { code: 'not_found' } });
    expect(withoutRequestId(second.body)).toEqual(withoutRequestId(first.body));
    // validation_failed raised by the service (an unknown file) is forgotten: the same request runs again.
    const unknownFile = {
      source: { type: 'files', file_ids: ['file_000000000000000000000000'] },
      output: { profile: 'raw_source' },
    };
    const refused = await post(handler, apiKey, '/v1/jobs', 'bad-file', unknownFile);
    const again = await post(handler, apiKey, '/v1/jobs', 'bad-file', unknownFile);
    expect(refused).toMatchObject({ status: 422, body: { code: 'validation_failed' } });
    expect(again).toMatchObject({ status: 422, replayed: null, body: { code: 'validation_failed' } });
  });
});

describe('two concurrent creates with one key across two processes on PostgreSQL', () => {
  it('create exactly one job and give both callers the same answer', async () => {
    const { db, open, drop } = await createPostgresTestDb('idem_http');
    // Two "processes": each its own pool, store and service on the one schema.
    const a = await startHarness(
      { workerConcurrency: 0 },
      { store: await createKyselyStore({ db, dialect: 'postgres' }) },
    );
    const b = await startHarness(
      { workerConcurrency: 0 },
      { store: await createKyselyStore({ db: open(), dialect: 'postgres' }) },
    );
    try {
      const { apiKey } = await a.service.admin.createApiKey(a.caller.accountId);
      for (let round = 0; round < 5; round += 1) {
        const key = `race-${String(round)}`;
        const [fromA, fromB] = await Promise.all([
          postUntilAnswered(mount(a.service), apiKey, key),
          postUntilAnswered(mount(b.service), apiKey, key),
        ]);
        expect(fromA.status).toBe(201);
        expect(fromB.status).toBe(201);
        expect(fromB.body).toEqual(fromA.body);
        expect(fromB.location).toBe(fromA.location);
        expect(fromA.location).toBe(`/api/v1/jobs/${String(fromA.body.id)}`);
        expect([fromA.replayed, fromB.replayed].sort()).toEqual(['true', null].sort());
      }
      const rows = await db
        .selectFrom('jobs')
        .select('id')
        .where('account_id', '=', a.caller.accountId)
        .execute();
      expect(rows).toHaveLength(5);
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
});
