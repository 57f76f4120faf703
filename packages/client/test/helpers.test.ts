import { createHash } from 'node:crypto';
import type { FileResource, Job } from '@transmute/contract';
import { describe, expect, it } from 'vitest';
import { createClient, paginate, WaitTimeoutError } from '../src/index.js';
import { json, problem, scriptedFetch } from './fake-fetch.js';

const job = (id: string, status: Job['status'] = 'succeeded'): Job => ({
  id,
  status,
  progress: { stage: null, percent: 0, detail: null },
  source_type: 'text',
  output_ids: ['out_Z9x8C7v6B5n4M3'],
  warnings: [],
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
  expires_at: null,
});
const file = (status: FileResource['status']): FileResource => ({
  id: 'file_8Jd93kLmQz01xY',
  name: 'notes.txt',
  media_type: 'text/plain',
  size_bytes: 11,
  sha256: createHash('sha256').update('hello world').digest('hex'),
  status,
  warnings: [],
  created_at: '2026-11-22T10:00:00Z',
  expires_at: null,
});
const page = <T>(data: T[], next: string | null) => ({
  data,
  page: { next_cursor: next, has_more: next !== null },
});

function clientWith(replies: Parameters<typeof scriptedFetch>[0]) {
  const { fetch, calls } = scriptedFetch(replies);
  return {
    client: createClient({ baseUrl: 'https://api.example.com', apiKey: 'tmk_k', fetch, retryBaseDelayMs: 1 }),
    calls,
  };
}

describe('paginate', () => {
  it('yields every item across pages, following next_cursor and keeping the filters', async () => {
    const { client, calls } = clientWith([
      json(200, page([job('job_000000000003'), job('job_000000000002')], 'c1')),
      json(200, page([job('job_000000000001')], 'c2')),
      json(200, page([], null)),
    ]);
    const ids: string[] = [];
    for await (const item of paginate(client.listJobs, { status: 'succeeded', limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(['job_000000000003', 'job_000000000002', 'job_000000000001']);
    expect(calls.map((c) => c.url.search)).toEqual([
      '?status=succeeded&limit=2',
      '?status=succeeded&limit=2&cursor=c1',
      '?status=succeeded&limit=2&cursor=c2',
    ]);
  });

  it('fetches lazily and works with a closure for nested lists', async () => {
    const { client, calls } = clientWith([json(200, page([{ id: 'out_1' }, { id: 'out_2' }], 'next'))]);
    for await (const output of paginate((p) => client.listJobOutputs('job_Q2w3E4r5T6y7U8', p), {})) {
      expect(output.id).toBe('out_1');
      break;
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/v1/jobs/job_Q2w3E4r5T6y7U8/outputs');
  });
});

describe('uploadFile', () => {
  const intent = {
    file_id: 'file_8Jd93kLmQz01xY',
    upload_url: 'https://uploads.example.com/uploads/tok_1',
    upload_method: 'PUT',
    upload_headers: { 'Content-Type': 'text/plain', 'x-upload-token': 'abc' },
    expires_at: '2026-11-22T11:00:00Z',
  };

  it('creates the intent with the computed digest, PUTs the bytes with upload_headers only, then completes', async () => {
    const bytes = new TextEncoder().encode('hello world');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const { client, calls } = clientWith([
      json(201, intent),
      new Response(null, { status: 204 }),
      json(202, file('validating')),
    ]);
    await expect(client.uploadFile({ name: 'notes.txt', mediaType: 'text/plain', bytes })).resolves.toEqual(
      file('validating'),
    );
    const [create, put, complete] = calls;
    expect(JSON.parse(create?.body ?? '')).toEqual({
      name: 'notes.txt',
      media_type: 'text/plain',
      size_bytes: 11,
      sha256,
    });
    expect(put?.method).toBe('PUT');
    expect(put?.url.href).toBe(intent.upload_url);
    expect(put?.body).toBe('hello world');
    expect(put?.headers.get('content-type')).toBe('text/plain');
    expect(put?.headers.get('x-upload-token')).toBe('abc');
    expect(put?.headers.has('authorization')).toBe(false);
    expect(complete?.url.pathname).toBe('/v1/files/file_8Jd93kLmQz01xY/complete');
    expect(JSON.parse(complete?.body ?? '')).toEqual({ size_bytes: 11, sha256 });
  });

  it('streams a body with the given size and digest, and waits for validation when asked', async () => {
    const sha256 = createHash('sha256').update('hello world').digest('hex');
    const stream = new Blob(['hello ', 'world']).stream();
    const { client, calls } = clientWith([
      json(201, intent),
      new Response(null, { status: 200 }),
      json(202, file('validating')),
      json(200, file('validating')),
      json(200, file('ready')),
    ]);
    const result = await client.uploadFile(
      { name: 'notes.txt', mediaType: 'text/plain', stream, sizeBytes: 11, sha256 },
      { waitUntilValidated: true, pollIntervalMs: 1 },
    );
    expect(result.status).toBe('ready');
    expect(calls[1]?.body).toBe('hello world');
    expect(calls.slice(3).map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /v1/files/file_8Jd93kLmQz01xY',
      'GET /v1/files/file_8Jd93kLmQz01xY',
    ]);
  });

  it('throws the upload route problem when the PUT is refused', async () => {
    const { client } = clientWith([json(201, intent), problem(413, 'payload_too_large', false)]);
    const bytes = new TextEncoder().encode('hello world');
    await expect(client.uploadFile({ name: 'n', mediaType: 'text/plain', bytes })).rejects.toMatchObject({
      code: 'payload_too_large',
    });
  });
});

describe('createJobAndWait', () => {
  const body = {
    source: { type: 'text' as const, content: 'x' },
    output: { profile: 'raw_source' as const },
  };

  it('creates the job and polls until it is terminal', async () => {
    const id = 'job_Q2w3E4r5T6y7U8';
    const { client, calls } = clientWith([
      json(201, job(id, 'queued')),
      json(200, job(id, 'processing')),
      json(200, job(id, 'failed')),
    ]);
    await expect(client.createJobAndWait(body, { pollIntervalMs: 1 })).resolves.toMatchObject({
      status: 'failed',
    });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /v1/jobs',
      `GET /v1/jobs/${id}`,
      `GET /v1/jobs/${id}`,
    ]);
  });

  it('throws WaitTimeoutError with the last job when the time is up', async () => {
    const id = 'job_Q2w3E4r5T6y7U8';
    const replies = [
      json(201, job(id, 'queued')),
      ...Array.from({ length: 50 }, () => json(200, job(id, 'processing'))),
    ];
    const { client } = clientWith(replies);
    const error: unknown = await client
      .createJobAndWait(body, { pollIntervalMs: 5, timeoutMs: 30 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).job.status).toBe('processing');
  });

  it('stops when the signal aborts', async () => {
    const id = 'job_Q2w3E4r5T6y7U8';
    const controller = new AbortController();
    const { client } = clientWith([json(201, job(id, 'queued'))]);
    const pending = client.createJobAndWait(body, { pollIntervalMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user canceled')), 5);
    await expect(pending).rejects.toThrow('user canceled');
  });
});

describe('readOutputContent', () => {
  it('concatenates every page in order', async () => {
    const content = (data: string, next: string | null) => ({
      output_id: 'out_Z9x8C7v6B5n4M3',
      format: 'markdown',
      media_type: 'text/markdown',
      data,
      page: { next_cursor: next, has_more: next !== null },
    });
    const { client, calls } = clientWith([
      json(200, content('# Title\n\n', 'p2')),
      json(200, content('Para one.\n\n', 'p3')),
      json(200, content('Para two.\n', null)),
    ]);
    await expect(client.readOutputContent('out_Z9x8C7v6B5n4M3', { limit: 10 })).resolves.toBe(
      '# Title\n\nPara one.\n\nPara two.\n',
    );
    expect(calls.map((c) => c.url.search)).toEqual([
      '?limit=10',
      '?cursor=p2&limit=10',
      '?cursor=p3&limit=10',
    ]);
  });

  it('throws the problem of an output that is not ready', async () => {
    const { client } = clientWith([problem(409, 'output_not_ready', false)]);
    await expect(client.readOutputContent('out_Z9x8C7v6B5n4M3')).rejects.toMatchObject({
      code: 'output_not_ready',
    });
  });
});
