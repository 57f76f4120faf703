import { validateRequestBody, type Job } from '@transmute/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, isTransmuteApiError, TransmuteApiError, type ClientOptions } from '../src/index.js';
import { json, problem, scriptedFetch } from './fake-fetch.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const job = (status: Job['status'] = 'queued'): Job => ({
  id: 'job_Q2w3E4r5T6y7U8',
  status,
  progress: { stage: null, percent: status === 'succeeded' ? 100 : 0, detail: null },
  source_type: 'text',
  output_ids: ['out_Z9x8C7v6B5n4M3'],
  warnings: [],
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
  expires_at: null,
});
const createJobBody = {
  source: { type: 'text' as const, content: 'hello' },
  output: { profile: 'raw_source' as const },
};

function setup(replies: Parameters<typeof scriptedFetch>[0], options: Partial<ClientOptions> = {}) {
  const { fetch, calls } = scriptedFetch(replies);
  const client = createClient({
    baseUrl: 'https://api.example.com/',
    apiKey: 'tmk_secret',
    fetch,
    retryBaseDelayMs: 1,
    ...options,
  });
  return { client, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createClient', () => {
  it('sends a create with bearer credential, JSON body, user agent and a UUID Idempotency-Key', async () => {
    const { client, calls } = setup([json(201, job())], { userAgent: 'my-app/1.0' });
    await expect(client.createJob(createJobBody)).resolves.toEqual(job());
    const [call] = calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.href).toBe('https://api.example.com/v1/jobs');
    expect(call?.headers.get('authorization')).toBe('Bearer tmk_secret');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.headers.get('user-agent')).toBe('my-app/1.0');
    expect(call?.headers.get('idempotency-key')).toMatch(UUID);
    expect(JSON.parse(call?.body ?? '')).toEqual(createJobBody);
  });

  it('uses a fresh key per call and the caller-given key when passed', async () => {
    const { client, calls } = setup([json(201, job()), json(201, job()), json(201, job())]);
    await client.createJob(createJobBody);
    await client.createJob(createJobBody);
    await client.createJob(createJobBody, { idempotencyKey: 'order-42' });
    const keys = calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('order-42');
  });

  it('sends no Idempotency-Key and no body on GET and DELETE, and returns undefined for 204', async () => {
    const { client, calls } = setup([json(200, job()), new Response(null, { status: 204 })]);
    await client.getJob('job_Q2w3E4r5T6y7U8');
    await expect(client.deleteJob('job_Q2w3E4r5T6y7U8')).resolves.toBeUndefined();
    expect(calls.map((c) => [c.method, c.url.pathname, c.headers.has('idempotency-key'), c.body])).toEqual([
      ['GET', '/v1/jobs/job_Q2w3E4r5T6y7U8', false, undefined],
      ['DELETE', '/v1/jobs/job_Q2w3E4r5T6y7U8', false, undefined],
    ]);
  });

  it('builds paths, escapes path parameters and sends list parameters as query', async () => {
    const page = { data: [], page: { next_cursor: null, has_more: false } };
    const { client, calls } = setup([json(200, page), json(200, page), json(202, {})], {
      baseUrl: 'https://api.example.com/base/v1',
    });
    await client.listJobs({ limit: 5, status: 'failed', cursor: 'abc' });
    await client.listWebhookDeliveries('wh_a/b?c', { status: 'dead_letter' });
    await client.replayWebhookDelivery('wh_Hk29sLq0Pz7mNb', 'whd_Rt56Yu78Io90Pa');
    expect(calls.map((c) => c.url.href)).toEqual([
      'https://api.example.com/base/v1/jobs?limit=5&status=failed&cursor=abc',
      'https://api.example.com/base/v1/webhook-endpoints/wh_a%2Fb%3Fc/deliveries?status=dead_letter',
      'https://api.example.com/base/v1/webhook-endpoints/wh_Hk29sLq0Pz7mNb/deliveries/whd_Rt56Yu78Io90Pa/replay',
    ]);
    expect(calls[2]?.headers.get('idempotency-key')).toMatch(UUID);
  });

  it('throws a TransmuteApiError carrying the problem, without retrying a non-retryable one', async () => {
    const fieldErrors = [{ field: 'output.profile', code: 'invalid_value', detail: 'Bad profile.' }];
    const { client, calls } = setup([
      problem(422, 'validation_failed', false, { field_errors: fieldErrors }),
    ]);
    const error: unknown = await client.createJob(createJobBody).catch((e: unknown) => e);
    expect(isTransmuteApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(TransmuteApiError);
    expect(error).toMatchObject({
      code: 'validation_failed',
      status: 422,
      requestId: 'req_0123456789abcdefghijklmn',
      retryable: false,
      fieldErrors,
    });
    expect(calls).toHaveLength(1);
  });

  it('retries a retryable problem with the same Idempotency-Key and returns the success', async () => {
    const { client, calls } = setup([
      problem(409, 'idempotency_key_in_use', true),
      problem(500, 'internal_error', true),
      json(201, job()),
    ]);
    await expect(client.createJob(createJobBody)).resolves.toEqual(job());
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers.get('idempotency-key'))).size).toBe(1);
  });

  it('waits Retry-After seconds before retrying', async () => {
    vi.useFakeTimers();
    const { client, calls } = setup([
      problem(429, 'rate_limited', true, {}, { 'retry-after': '2' }),
      json(200, job()),
    ]);
    const pending = client.getJob('job_Q2w3E4r5T6y7U8');
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual(job());
    expect(calls).toHaveLength(2);
  });

  it('does not retry a 429 whose problem is not retryable (quota), even with Retry-After', async () => {
    const { client, calls } = setup([problem(429, 'quota_exceeded', false, {}, { 'retry-after': '1' })]);
    await expect(client.createJob(createJobBody)).rejects.toMatchObject({
      code: 'quota_exceeded',
      retryAfter: 1,
    });
    expect(calls).toHaveLength(1);
  });

  it('gives up after maxRetries and throws the last problem', async () => {
    const { client, calls } = setup(
      [
        problem(503, 'service_unavailable', true),
        problem(503, 'service_unavailable', true),
        problem(503, 'service_unavailable', true),
      ],
      { maxRetries: 2 },
    );
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(calls).toHaveLength(3);
  });

  it('returns the error at once when Retry-After is longer than maxRetryDelayMs', async () => {
    const { client, calls } = setup([
      problem(503, 'service_unavailable', true, {}, { 'retry-after': '120' }),
    ]);
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'service_unavailable', retryAfter: 120 });
    expect(calls).toHaveLength(1);
  });

  it('retries connection failures and gateway errors that are not problems', async () => {
    const gateway = new Response('<html>Bad Gateway</html>', {
      status: 502,
      headers: { 'content-type': 'text/html' },
    });
    const { client, calls } = setup([new TypeError('fetch failed'), gateway, json(200, job())]);
    await expect(client.getJob('job_Q2w3E4r5T6y7U8')).resolves.toEqual(job());
    expect(calls).toHaveLength(3);
  });

  it('synthesizes a problem for an error body that is not one', async () => {
    const { client } = setup([
      new Response('nope', { status: 404, headers: { 'request-id': 'req_abcdefgh' } }),
    ]);
    await expect(client.getJob('job_x')).rejects.toMatchObject({
      code: 'http_404',
      status: 404,
      requestId: 'req_abcdefgh',
      retryable: false,
      problem: { detail: 'nope' },
    });
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const { client, calls } = setup([
      problem(503, 'service_unavailable', true, {}, { 'retry-after': '20' }),
      json(200, job()),
    ]);
    const pending = client.getJob('job_Q2w3E4r5T6y7U8', { signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(calls).toHaveLength(1);
  });

  it('sends bodies the contract accepts', async () => {
    const { client, calls } = setup([json(201, {}), json(202, {}), json(201, {}), json(200, {})]);
    await client.createUploadIntent({
      name: 'a.txt',
      media_type: 'text/plain',
      size_bytes: 3,
      sha256: 'a'.repeat(64),
    });
    await client.completeFileUpload('file_8Jd93kLmQz01xY', { size_bytes: 3, sha256: 'a'.repeat(64) });
    await client.createWebhookEndpoint({ url: 'https://h.example.com', events: ['job.succeeded'] });
    await client.updateWebhookEndpoint('wh_Hk29sLq0Pz7mNb', { events: ['job.failed'] });
    const names = [
      'CreateUploadIntentRequest',
      'CompleteUploadRequest',
      'CreateWebhookEndpointRequest',
      'UpdateWebhookEndpointRequest',
    ] as const;
    calls.forEach((call, index) => {
      expect(validateRequestBody(names[index] ?? 'CreateJobRequest', JSON.parse(call.body ?? ''))).toEqual(
        [],
      );
    });
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'POST', 'PATCH']);
  });
});
