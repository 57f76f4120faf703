import { describe, expect, it, vi } from 'vitest';
import { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from '../src/index.js';
import { createFakeService, type FakeService } from './fake-service.js';

const KEY_A = `tmk_${'a'.repeat(32)}`;
const KEY_B = `tmk_${'b'.repeat(32)}`;
const JOB_BODY = { source: { type: 'text', content: 'Hello world.' }, output: { profile: 'raw_source' } };
const REQUEST_ID = /^req_[A-Za-z0-9]{24}$/;

function setup(options: Partial<FetchHandlerOptions> = {}): {
  handler: FetchHandler;
  service: FakeService;
  errors: unknown[];
} {
  const service = createFakeService();
  const errors: unknown[] = [];
  const handler = createFetchHandler({ service, logger: { error: (_m, d) => errors.push(d) }, ...options });
  return { handler, service, errors };
}

function call(
  handler: FetchHandler,
  method: string,
  path: string,
  init: { key?: string | null; body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key !== null) headers.authorization ??= `Bearer ${init.key ?? KEY_A}`;
  let body: BodyInit | undefined = init.raw;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  return handler(
    new Request(`http://localhost${path}`, { method, headers, ...(body === undefined ? {} : { body }) }),
  );
}

async function problem(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.request_id).toBe(response.headers.get('request-id'));
  expect(body.status).toBe(response.status);
  return body;
}

describe('routing', () => {
  it('answers 404 route_not_found for an unknown path, with a Request-Id', async () => {
    const { handler } = setup();
    const response = await call(handler, 'GET', '/v1/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('request-id')).toMatch(REQUEST_ID);
    const body = await problem(response);
    expect(body).toMatchObject({
      code: 'route_not_found',
      type: 'http://localhost/docs/problems/route_not_found',
      retryable: false,
    });
  });

  it('answers 405 with Allow for a known path and the wrong method, before authentication', async () => {
    const { handler } = setup();
    const response = await call(handler, 'PUT', '/v1/jobs/job_000000000001', { key: null });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, DELETE');
    expect(await problem(response)).toMatchObject({ code: 'method_not_allowed' });
  });

  it('answers a malformed id exactly like an unknown one', async () => {
    const { handler } = setup();
    const malformed = await problem(await call(handler, 'GET', '/v1/jobs/not-a-job'));
    const unknown = await problem(await call(handler, 'GET', '/v1/jobs/job_999999999999'));
    expect(malformed.status).toBe(404);
    const strip = ({ request_id: _r, ...rest }: Record<string, unknown>) => rest;
    expect(strip(malformed)).toEqual(strip(unknown));
  });

  it('uses the configured docs base and base path', async () => {
    const { handler } = setup({ docsBaseUrl: 'https://example.com/docs/', basePath: '/api' });
    const response = await call(handler, 'POST', '/api/v1/jobs', {
      body: JOB_BODY,
      headers: { 'idempotency-key': 'k1' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/api/v1/jobs/job_000000000001');
    const missing = await problem(await call(handler, 'GET', '/api/v1/missing'));
    expect(missing.type).toBe('https://example.com/docs/problems/route_not_found');
  });
});

describe('authentication', () => {
  it('answers 401 unauthenticated without a credential', async () => {
    const { handler } = setup();
    const response = await call(handler, 'GET', '/v1/jobs', { key: null });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="transmute"');
    expect(await problem(response)).toMatchObject({ code: 'unauthenticated' });
  });

  it('answers 401 invalid_token for an unknown key or a non-key token', async () => {
    const { handler } = setup();
    for (const token of [`tmk_${'z'.repeat(32)}`, 'garbage', 'a.b.c']) {
      const response = await call(handler, 'GET', '/v1/jobs', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        'Bearer realm="transmute", error="invalid_token"',
      );
      expect(await problem(response)).toMatchObject({ code: 'invalid_token' });
    }
  });

  it('takes ownership from the credential only', async () => {
    const { handler } = setup();
    const created = await call(handler, 'POST', '/v1/jobs', {
      body: JOB_BODY,
      headers: { 'idempotency-key': 'k' },
    });
    const job = (await created.json()) as { id: string };
    expect((await call(handler, 'GET', `/v1/jobs/${job.id}`)).status).toBe(200);
    expect((await call(handler, 'GET', `/v1/jobs/${job.id}`, { key: KEY_B })).status).toBe(404);
  });

  it('refuses mutations of a suspended account but allows reads', async () => {
    const { handler, service } = setup();
    const account = service.accounts.get('acct_a');
    if (account !== undefined) account.status = 'suspended';
    expect((await call(handler, 'GET', '/v1/jobs')).status).toBe(200);
    const response = await call(handler, 'POST', '/v1/jobs', {
      body: JOB_BODY,
      headers: { 'idempotency-key': 'k' },
    });
    expect(response.status).toBe(403);
    expect(await problem(response)).toMatchObject({ code: 'account_suspended' });
  });
});

describe('request checks', () => {
  it('requires and checks Idempotency-Key on create operations', async () => {
    const { handler } = setup();
    const missing = await call(handler, 'POST', '/v1/jobs', { body: JOB_BODY });
    expect(missing.status).toBe(400);
    expect(await problem(missing)).toMatchObject({ code: 'idempotency_key_missing' });
    for (const bad of ['', 'has space', 'x'.repeat(256), '"unterminated', 'é']) {
      const response = await call(handler, 'POST', '/v1/jobs', {
        body: JOB_BODY,
        headers: { 'idempotency-key': bad },
      });
      expect(response.status, bad).toBe(400);
      expect((await problem(response)).code).toBe('idempotency_key_invalid');
    }
    const quoted = await call(handler, 'POST', '/v1/jobs', {
      body: JOB_BODY,
      headers: { 'idempotency-key': '"a\\"b"' },
    });
    expect(quoted.status).toBe(201);
  });

  it('answers 415 for a non-JSON body and accepts merge-patch only on PATCH', async () => {
    const { handler } = setup();
    const text = await call(handler, 'POST', '/v1/jobs', {
      raw: JSON.stringify(JOB_BODY),
      headers: { 'idempotency-key': 'k', 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const merge = await call(handler, 'POST', '/v1/jobs', {
      body: JOB_BODY,
      headers: { 'idempotency-key': 'k', 'content-type': 'application/merge-patch+json' },
    });
    expect(merge.status).toBe(415);
    const patch = await call(handler, 'PATCH', '/v1/webhook-endpoints/wh_000000000001', {
      body: { description: 'x' },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patch.status).toBe(404);
  });

  it('answers 413 past the body limits, declared or streamed', async () => {
    const { handler } = setup({ bodyLimits: { createJob: 1000, default: 100 } });
    const big = { ...JOB_BODY, source: { type: 'text', content: 'x'.repeat(2000) } };
    const declared = await call(handler, 'POST', '/v1/jobs', {
      body: big,
      headers: { 'idempotency-key': 'k' },
    });
    expect(declared.status).toBe(413);
    expect((await problem(declared)).code).toBe('payload_too_large');
    const bytes = new TextEncoder().encode(JSON.stringify(big));
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes.slice(0, 600));
        controller.enqueue(bytes.slice(600));
        controller.close();
      },
    });
    const streamed = await handler(
      new Request('http://localhost/v1/jobs', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEY_A}`,
          'content-type': 'application/json',
          'idempotency-key': 'k',
        },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    const small = await call(handler, 'POST', '/v1/upload-intents', {
      body: { name: 'x'.repeat(200), media_type: 'text/plain', size_bytes: 1, sha256: 'a'.repeat(64) },
      headers: { 'idempotency-key': 'k2' },
    });
    expect(small.status).toBe(413);
  });

  it('answers 400 invalid_json for bad syntax and for a non-object', async () => {
    const { handler } = setup();
    for (const raw of ['{"source":', '[1,2]', 'null', '']) {
      const response = await call(handler, 'POST', '/v1/jobs', {
        raw,
        headers: { 'idempotency-key': 'k', 'content-type': 'application/json' },
      });
      expect(response.status, raw).toBe(400);
      expect((await problem(response)).code).toBe('invalid_json');
    }
  });

  it('answers 422 validation_failed with field errors', async () => {
    const { handler } = setup();
    const response = await call(handler, 'POST', '/v1/jobs', {
      body: { source: { type: 'text', content: '' }, output: { profile: 'nope' }, organization_id: 'org_1' },
      headers: { 'idempotency-key': 'k' },
    });
    expect(response.status).toBe(422);
    const body = await problem(response);
    expect(body.code).toBe('validation_failed');
    const fields = (body.field_errors as { field: string; code: string }[]).map((item) => item.field).sort();
    expect(fields).toEqual(['organization_id', 'output.profile', 'source.content']);
  });

  it('checks list query parameters', async () => {
    const { handler } = setup();
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'status=bogus']) {
      const response = await call(handler, 'GET', `/v1/jobs?${query}`);
      expect(response.status, query).toBe(400);
      const body = await problem(response);
      expect(body.code).toBe('invalid_parameter');
      expect((body.field_errors as unknown[]).length).toBe(1);
    }
    expect((await call(handler, 'GET', '/v1/jobs?limit=100&status=queued')).status).toBe(200);
    const content = await call(handler, 'GET', '/v1/outputs/out_000000000001/content?limit=1048577');
    expect(content.status).toBe(400);
  });
});

describe('operations', () => {
  it('answers 201 + Location on create, 202/200 on cancel and 204 on delete', async () => {
    const { handler } = setup();
    const created = await call(handler, 'POST', '/v1/jobs', {
      body: JOB_BODY,
      headers: { 'idempotency-key': 'k' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const job = (await created.json()) as { id: string };
    expect(created.headers.get('location')).toBe(`/v1/jobs/${job.id}`);
    expect((await call(handler, 'POST', `/v1/jobs/${job.id}/cancel`)).status).toBe(202);
    expect((await call(handler, 'POST', `/v1/jobs/${job.id}/cancel`)).status).toBe(200);
    const deleted = await call(handler, 'DELETE', `/v1/jobs/${job.id}`);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect((await call(handler, 'DELETE', `/v1/jobs/${job.id}`)).status).toBe(404);
  });

  it('replays an idempotent create with the first status, Location and body', async () => {
    const { handler, service } = setup();
    const init = { body: JOB_BODY, headers: { 'idempotency-key': 'same' } };
    const first = await call(handler, 'POST', '/v1/jobs', init);
    const second = await call(handler, 'POST', '/v1/jobs', init);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(await second.json()).toEqual(await first.json());
    expect(service.jobs.size).toBe(1);
    const reused = await call(handler, 'POST', '/v1/jobs', {
      ...init,
      body: { ...JOB_BODY, retention: { class: 'account' } },
    });
    expect(reused.status).toBe(422);
    expect((await problem(reused)).code).toBe('idempotency_key_reused');
  });

  it('creates exactly one job from five concurrent creates with one key', async () => {
    const { handler, service } = setup();
    service.createDelayMs = 50;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(handler, 'POST', '/v1/jobs', { body: JOB_BODY, headers: { 'idempotency-key': 'c' } }),
      ),
    );
    expect(service.jobs.size).toBe(1);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const conflict = responses.find((response) => response.status === 409);
    expect(conflict?.headers.get('retry-after')).toBe('1');
  });

  it('stores a 4xx outcome under its key and answers it again with the new request id', async () => {
    const { handler, service } = setup();
    const created = (await (
      await call(handler, 'POST', '/v1/jobs', { body: JOB_BODY, headers: { 'idempotency-key': 'k' } })
    ).json()) as { id: string };
    const job = service.jobs.get(created.id);
    if (job !== undefined) job.status = 'succeeded';
    const first = await call(handler, 'POST', `/v1/jobs/${created.id}/cancel`, {
      headers: { 'idempotency-key': 'x' },
    });
    const second = await call(handler, 'POST', `/v1/jobs/${created.id}/cancel`, {
      headers: { 'idempotency-key': 'x' },
    });
    expect(first.status).toBe(409);
    expect(second.status).toBe(409);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await problem(second)).code).toBe('job_not_cancelable');
  });

  it('hides unexpected errors behind 500 internal_error and logs them with the request id', async () => {
    const { handler, service, errors } = setup();
    service.failUsage = true;
    const response = await call(handler, 'GET', '/v1/usage');
    expect(response.status).toBe(500);
    const body = await problem(response);
    expect(body).toMatchObject({ code: 'internal_error', retryable: true });
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(errors).toEqual([expect.objectContaining({ request_id: body.request_id })]);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past the plan burst and refills over time', async () => {
    let now = 1_000_000;
    const { handler } = setup({ rateLimit: { now: () => now } });
    const free = { key: KEY_B };
    for (let i = 0; i < 20; i++) {
      const response = await call(handler, 'GET', '/v1/jobs', free);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe('"burst";q=20;w=2');
      expect(response.headers.get('ratelimit')).toMatch(/^"burst";r=\d+;t=\d+$/);
    }
    const limited = await call(handler, 'GET', '/v1/jobs', free);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await problem(limited)).toMatchObject({ code: 'rate_limited', retryable: true });
    expect((await call(handler, 'GET', '/v1/jobs')).status).toBe(200); // other account unaffected
    now += 1000;
    expect((await call(handler, 'GET', '/v1/jobs', free)).status).toBe(200);
  });
});

describe('uploads and artifacts', () => {
  it('streams an upload to the service and refuses bytes past the intent size', async () => {
    const { handler, service } = setup();
    const ok = await call(handler, 'PUT', '/uploads/tok_upload', {
      key: null,
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(ok.status).toBe(200);
    expect(new TextDecoder().decode(service.uploads.get('tok_upload')?.received)).toBe('hello');
    const big = await call(handler, 'PUT', '/uploads/tok_upload', {
      key: null,
      raw: new Uint8Array(300_001),
    });
    expect(big.status).toBe(413);
    expect((await call(handler, 'POST', '/uploads/tok_upload', { key: null })).headers.get('allow')).toBe(
      'PUT',
    );
    expect((await call(handler, 'PUT', '/uploads/unknown', { key: null, raw: 'x' })).status).toBe(404);
  });

  it('serves artifacts with ETag, ranges and conditional requests', async () => {
    const { handler } = setup();
    const full = await call(handler, 'GET', '/artifacts/tok_artifact', { key: null });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-length')).toBe('20');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const etag = full.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[a-f0-9]{64}"$/);
    expect(await full.text()).toBe('0123456789abcdefghij');
    const part = await call(handler, 'GET', '/artifacts/tok_artifact', {
      key: null,
      headers: { range: 'bytes=2-5' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/20');
    expect(await part.text()).toBe('2345');
    const suffix = await call(handler, 'GET', '/artifacts/tok_artifact', {
      key: null,
      headers: { range: 'bytes=-3' },
    });
    expect(await suffix.text()).toBe('hij');
    const outside = await call(handler, 'GET', '/artifacts/tok_artifact', {
      key: null,
      headers: { range: 'bytes=50-' },
    });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */20');
    const cached = await call(handler, 'GET', '/artifacts/tok_artifact', {
      key: null,
      headers: { 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
    expect((await call(handler, 'GET', '/artifacts/nope', { key: null })).status).toBe(404);
  });

  it('answers the health route', async () => {
    const { handler } = setup();
    const response = await call(handler, 'GET', '/healthz', { key: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('logging', () => {
  it('logs to console.error as JSON by default', async () => {
    const service = createFakeService();
    service.failUsage = true;
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = createFetchHandler({ service });
    await call(handler, 'GET', '/v1/usage');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String(spy.mock.calls[0]?.[0])).toContain('"request_id":"req_');
    spy.mockRestore();
  });
});
