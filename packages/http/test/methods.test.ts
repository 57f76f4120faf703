import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../src/index.js';
import { createFakeService } from './fake-service.js';
import { rawRequest } from './raw-request.js';
import { startMount, type RunningMount } from './start-mount.js';

const AUTH = { authorization: `Bearer tmk_${'a'.repeat(32)}` };
const quiet = { error: () => undefined };

describe('405 method_not_allowed', () => {
  let server: RunningMount;
  beforeAll(async () => {
    server = await startMount('node', createFetchHandler({ service: createFakeService(), logger: quiet }));
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['PUT', '/v1/jobs', 'GET, HEAD, POST'],
    ['POST', '/v1/files/file_000000000001', 'GET, HEAD, DELETE'],
    ['DELETE', '/v1/upload-intents', 'POST'],
    ['PUT', '/v1/webhook-endpoints/whe_000000000001', 'PATCH, DELETE'],
    ['PUT', '/artifacts/tok_artifact', 'GET, HEAD'],
    ['GET', '/uploads/tok_upload', 'PUT'],
    ['POST', '/healthz', 'GET, HEAD'],
  ])('%s %s answers with Allow: %s', async (method, path, allow) => {
    const response = await rawRequest(server.url, method, path, { ...AUTH, 'content-length': '0' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'method_not_allowed', status: 405 });
  });
});

describe('HEAD and rate limits', () => {
  it('takes a token like GET and is refused with 429 past the burst', async () => {
    const handler = createFetchHandler({
      service: createFakeService(),
      rateLimit: { plans: { developer: { requestsPerSecond: 0.001, burst: 2 } } },
      logger: quiet,
    });
    const server = await startMount('node', handler);
    try {
      expect((await rawRequest(server.url, 'HEAD', '/v1/jobs', AUTH)).status).toBe(200);
      expect((await rawRequest(server.url, 'HEAD', '/v1/jobs', AUTH)).status).toBe(200);
      const limited = await rawRequest(server.url, 'HEAD', '/v1/jobs', AUTH);
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.body.byteLength).toBe(0);
      expect((await rawRequest(server.url, 'GET', '/v1/jobs', AUTH)).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});
