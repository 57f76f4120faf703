import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../src/index.js';
import { createFakeService, type FakeService } from './fake-service.js';
import { rawRequest, stableHeaders } from './raw-request.js';
import { MOUNTS, startMount, type RunningMount } from './start-mount.js';

const AUTH = { authorization: `Bearer tmk_${'a'.repeat(32)}` };

describe.each(MOUNTS)('%s mount', (mount) => {
  let server: RunningMount;
  let service: FakeService;
  beforeAll(async () => {
    service = createFakeService();
    server = await startMount(mount, createFetchHandler({ service, logger: { error: () => undefined } }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves reads with a Request-Id', async () => {
    const response = await fetch(`${server.url}/v1/capabilities`, { headers: AUTH });
    expect(response.status).toBe(200);
    expect(response.headers.get('request-id')).toMatch(/^req_[A-Za-z0-9]{24}$/);
    expect(((await response.json()) as { api_version: string }).api_version).toBe('v1');
  });

  it('reads JSON bodies itself (no framework parser) and answers 201 + Location', async () => {
    const response = await fetch(`${server.url}/v1/jobs`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'idempotency-key': 'k1' },
      body: JSON.stringify({ source: { type: 'text', content: 'Hi.' }, output: { profile: 'raw_source' } }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toMatch(/^\/v1\/jobs\/job_/);
    const patch = await fetch(`${server.url}/v1/webhook-endpoints/wh_000000000001`, {
      method: 'PATCH',
      headers: { ...AUTH, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ description: 'x' }),
    });
    expect(patch.status).toBe(404);
  });

  it('answers 405 with Allow, 404 for unknown routes and 413 for big bodies', async () => {
    const wrong = await fetch(`${server.url}/v1/jobs`, { method: 'PUT', headers: AUTH });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST');
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
    const big = await fetch(`${server.url}/v1/upload-intents`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'idempotency-key': 'k2' },
      body: JSON.stringify({ name: 'x'.repeat(70_000) }),
    });
    expect(big.status).toBe(413);
    // The connection stays usable after an early answer.
    expect((await fetch(`${server.url}/v1/capabilities`, { headers: AUTH })).status).toBe(200);
  });

  it('reads a chunked JSON body without Content-Length, and answers 413 once one passes the limit', async () => {
    // A body of several chunks, sent chunked (no Content-Length).
    const streamOf = (...parts: (string | Uint8Array)[]): ReadableStream<Uint8Array> =>
      new ReadableStream({
        start(controller) {
          for (const part of parts)
            controller.enqueue(typeof part === 'string' ? new TextEncoder().encode(part) : part);
          controller.close();
        },
      });
    const post = (path: string, body: ReadableStream<Uint8Array>, key: string): Promise<Response> =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json', 'idempotency-key': key },
        body,
        duplex: 'half',
      } as RequestInit);
    const job = JSON.stringify({
      source: { type: 'text', content: 'Hi.' },
      output: { profile: 'raw_source' },
    });
    const small = await post('/v1/jobs', streamOf(job.slice(0, 20), job.slice(20)), 'k3');
    expect(small.status).toBe(201);
    const filler = Array.from({ length: 10 }, () => new Uint8Array(10_000).fill(120));
    const big = await post('/v1/upload-intents', streamOf('{"name":"', ...filler, '"}'), 'k4');
    expect(big.status).toBe(413);
    // The connection stays usable after an early answer.
    expect((await fetch(`${server.url}/v1/capabilities`, { headers: AUTH })).status).toBe(200);
  });

  it('streams uploads and artifact ranges', async () => {
    const bytes = new Uint8Array(300_000).fill(65);
    const upload = await fetch(`${server.url}/uploads/tok_upload`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: bytes,
    });
    expect(upload.status).toBe(200);
    expect(service.uploads.get('tok_upload')?.received?.byteLength).toBe(300_000);
    const tooBig = await fetch(`${server.url}/uploads/tok_upload`, {
      method: 'PUT',
      body: new Uint8Array(400_000),
    });
    expect(tooBig.status).toBe(413);
    const part = await fetch(`${server.url}/artifacts/tok_artifact`, { headers: { range: 'bytes=10-' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('abcdefghij');
  });

  it.each([
    ['a v1 read', '/v1/capabilities', 200],
    ['a v1 list', '/v1/jobs?limit=5', 200],
    ['an unknown v1 resource', '/v1/jobs/job_999999999999', 404],
    ['an unknown route', '/v1/nowhere', 404],
    ['the health route', '/healthz', 200],
  ])('answers HEAD on %s with the status and headers of GET and no body', async (_name, path, status) => {
    const get = await rawRequest(server.url, 'GET', path, AUTH);
    const head = await rawRequest(server.url, 'HEAD', path, AUTH);
    expect(get.status).toBe(status);
    expect(get.headers['content-length']).toBe(String(get.body.byteLength));
    expect(head.status).toBe(status);
    expect(stableHeaders(head.headers)).toEqual(stableHeaders(get.headers));
    expect(head.headers['request-id']).toMatch(/^req_[A-Za-z0-9]{24}$/);
    expect(head.body.byteLength).toBe(0);
  });

  it('applies the authentication of GET to HEAD', async () => {
    const get = await rawRequest(server.url, 'GET', '/v1/capabilities');
    const head = await rawRequest(server.url, 'HEAD', '/v1/capabilities');
    expect(head.status).toBe(401);
    expect(head.headers['www-authenticate']).toBe('Bearer realm="transmute"');
    expect(stableHeaders(head.headers)).toEqual(stableHeaders(get.headers));
    expect(head.body.byteLength).toBe(0);
  });

  it('answers HEAD on signed artifacts with the length, ETag and type of GET, ranges included', async () => {
    const get = await rawRequest(server.url, 'GET', '/artifacts/tok_artifact');
    const head = await rawRequest(server.url, 'HEAD', '/artifacts/tok_artifact');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('20');
    expect(head.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(head.headers.etag).toMatch(/^"[a-f0-9]{64}"$/);
    expect(stableHeaders(head.headers)).toEqual(stableHeaders(get.headers));
    expect(head.body.byteLength).toBe(0);
    const part = await rawRequest(server.url, 'HEAD', '/artifacts/tok_artifact', { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-5/20');
    expect(part.headers['content-length']).toBe('4');
    expect(part.body.byteLength).toBe(0);
  });

  it('answers HEAD where GET is not allowed with 405 + Allow, changing nothing', async () => {
    const created = await fetch(`${server.url}/v1/jobs`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'idempotency-key': 'k-head' },
      body: JSON.stringify({ source: { type: 'text', content: 'Hi.' }, output: { profile: 'raw_source' } }),
    });
    const { id } = (await created.json()) as { id: string };
    const cancel = await rawRequest(server.url, 'HEAD', `/v1/jobs/${id}/cancel`, AUTH);
    expect(cancel.status).toBe(405);
    expect(cancel.headers.allow).toBe('POST');
    expect(cancel.headers['content-type']).toBe('application/problem+json');
    expect(cancel.body.byteLength).toBe(0);
    expect(service.jobs.get(id)?.status).toBe('queued');
    const upload = await rawRequest(server.url, 'HEAD', '/uploads/tok_upload');
    expect(upload.status).toBe(405);
    expect(upload.headers.allow).toBe('PUT');
  });
});
