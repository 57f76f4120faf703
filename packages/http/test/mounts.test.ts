import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../src/index.js';
import { createFakeService, type FakeService } from './fake-service.js';
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
    const response = await fetch(`${server.url}/v1/jobs?ignored=1`, {
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
    expect(wrong.headers.get('allow')).toBe('GET, POST');
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
});
