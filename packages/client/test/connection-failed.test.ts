import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isTransmuteApiError, TransmuteApiError } from '../src/index.js';

/** A loopback port nobody listens on: bound once, then closed. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** What a call that must fail rejects with (a call that succeeds fails the test). */
async function failureOf(call: Promise<unknown>): Promise<TransmuteApiError> {
  const outcome = await call.then(
    () => new Error('the call succeeded'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error(`rejected with ${String(outcome)}`);
  return outcome as TransmuteApiError;
}

describe('a server that cannot be reached', () => {
  let baseUrl = '';
  let dir = '';
  beforeAll(async () => {
    baseUrl = `http://127.0.0.1:${String(await refusedPort())}`;
    dir = await mkdtemp(join(tmpdir(), 'transmute-client-refused-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('throws connection_failed naming the address and the socket error, after the retries', async () => {
    const client = createClient({ baseUrl, apiKey: 'tmk_x', maxRetries: 1, retryBaseDelayMs: 1 });
    const error: unknown = await client.getJob('job_0123456789ab').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransmuteApiError);
    expect(isTransmuteApiError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'connection_failed', status: 0, requestId: '', retryable: true });
    const { message } = error as TransmuteApiError;
    expect(message).toContain(`GET ${baseUrl}/v1/jobs/job_0123456789ab got no answer`);
    expect(message).toContain('ECONNREFUSED');
    expect(message).toContain(`Is the server running at ${baseUrl}?`);
    expect((error as TransmuteApiError).cause).toBeInstanceOf(TypeError);
  });

  it('leaves the query (a cursor, a signature) out of the message', async () => {
    const client = createClient({ baseUrl, apiKey: 'tmk_x', maxRetries: 0 });
    const error = await failureOf(client.listJobs({ cursor: 'secret-cursor' }));
    expect(error.code).toBe('connection_failed');
    expect(error.message).not.toContain('secret-cursor');
  });

  it('a download from an address that refuses says so the same way', async () => {
    const client = createClient({ baseUrl, apiKey: 'tmk_x', maxRetries: 0 });
    const url = `${baseUrl}/blobs/abc?signature=s3cr3t`;
    const error = await failureOf(client.downloadArtifact({ download_url: url }, join(dir, 'out.md')));
    expect(error).toMatchObject({ code: 'connection_failed', status: 0 });
    expect(error.message).toContain(`GET ${baseUrl}/blobs/abc got no answer`);
    expect(error.message).not.toContain('s3cr3t');
  });

  it('an aborted call still ends with the abort, not a connection error', async () => {
    const client = createClient({ baseUrl, apiKey: 'tmk_x', maxRetries: 0 });
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(client.getCapabilities({ signal: controller.signal }));
    expect(isTransmuteApiError(error)).toBe(false);
    expect(error.name).toBe('AbortError');
  });
});
