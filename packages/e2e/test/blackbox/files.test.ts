import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectProblem,
  expectResource,
  ID,
  isTimestamp,
  poll,
  waitJob,
  type Api,
  type Reply,
} from './support/http.js';
import { readAllPages } from './support/outputs.js';
import { ARTICLE } from './support/sample.js';
import { ROOT, startService, type RunningService } from './support/service.js';

let service: RunningService;
let a: Api;
let b: Api;

beforeAll(async () => {
  service = await startService();
  a = api(service.baseUrl, service.accounts[0]?.apiKey ?? '');
  b = api(service.baseUrl, service.accounts[1]?.apiKey ?? '');
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

async function intent(
  client: Api,
  name: string,
  mediaType: string,
  bytes: Buffer,
  digest = sha256(bytes),
): Promise<Reply> {
  const reply = await client.post('/v1/upload-intents', {
    name,
    media_type: mediaType,
    size_bytes: bytes.length,
    sha256: digest,
  });
  expectResource(reply, 201, 'UploadIntent');
  return reply;
}

async function put(
  reply: Reply,
  bytes: Buffer,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  return fetch(reply.body.upload_url as string, {
    method: reply.body.upload_method as string,
    headers: { ...(reply.body.upload_headers as Record<string, string>), ...extraHeaders },
    body: new Uint8Array(bytes),
  });
}

const TERMINAL_FILE = new Set(['ready', 'rejected', 'expired']);
async function waitFile(client: Api, fileId: string): Promise<Reply> {
  return poll(
    () => client.get(`/v1/files/${fileId}`),
    (r) => r.status === 200 && TERMINAL_FILE.has(r.body.status as string),
    60_000,
  );
}

/** Intent → PUT → complete → ready. */
async function uploadReady(client: Api, name: string, mediaType: string, bytes: Buffer): Promise<string> {
  const created = await intent(client, name, mediaType, bytes);
  const response = await put(created, bytes);
  expect(response.status).toBeLessThan(300);
  const fileId = created.body.file_id as string;
  const complete = await client.post(`/v1/files/${fileId}/complete`, {
    size_bytes: bytes.length,
    sha256: sha256(bytes),
  });
  expect(complete.status).toBe(202);
  const done = await waitFile(client, fileId);
  expect(done.body.status, done.text).toBe('ready');
  return fileId;
}

describe('upload flow (spec Endpoints rule 5, CONTRACT §7)', () => {
  it('intent → PUT with upload_headers → complete 202 validating → ready; repeat complete 200', async () => {
    const bytes = Buffer.from('# Notes\n\nA plain markdown upload with a sentence.\n');
    const created = await intent(a, 'notes.md', 'text/markdown', bytes);
    const body = created.body;
    expect(body.file_id).toMatch(ID.file);
    expect(body.upload_method).toBe('PUT');
    expect(new URL(created.headers.get('location') ?? '', service.baseUrl).pathname).toBe(
      `/v1/files/${body.file_id as string}`,
    );
    const uploadUrl = new URL(body.upload_url as string);
    expect(uploadUrl.origin).toBe(service.baseUrl);
    expect(uploadUrl.pathname.startsWith('/v1/')).toBe(false);
    const headerNames = Object.fromEntries(
      Object.entries(body.upload_headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(headerNames['content-type']).toBe('text/markdown');
    expect(isTimestamp(body.expires_at)).toBe(true);
    const lifetime = Date.parse(body.expires_at as string) - Date.now();
    expect(lifetime).toBeGreaterThan(50 * 60_000);
    expect(lifetime).toBeLessThan(61 * 60_000);

    const fileId = body.file_id as string;
    const pending = await a.get(`/v1/files/${fileId}`);
    expectResource(pending, 200, 'File');
    expect(pending.body).toMatchObject({
      id: fileId,
      name: 'notes.md',
      media_type: 'text/markdown',
      size_bytes: bytes.length,
      sha256: sha256(bytes),
      status: 'pending_upload',
      warnings: [],
    });

    // Complete before the bytes arrived.
    const early = await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    expectProblem(early, 409, 'upload_not_received');
    expect(early.body.retryable).toBe(true);

    const response = await put(created, bytes);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    const uploaded = await a.get(`/v1/files/${fileId}`);
    expectResource(uploaded, 200, 'File');
    expect(uploaded.body.status).toBe('uploaded');

    // Refused before the operation runs: the upload stays open.
    const invalid = await a.post(`/v1/files/${fileId}/complete`, { size_bytes: 0, sha256: sha256(bytes) });
    expectProblem(invalid, 422, 'validation_failed');
    expect(invalid.body.field_errors).toContainEqual(expect.objectContaining({ field: 'size_bytes' }));
    const unknown = await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: bytes.length,
      sha256: sha256(bytes),
      name: 'x',
    });
    expectProblem(unknown, 422, 'validation_failed');
    expect(unknown.body.field_errors).toContainEqual(
      expect.objectContaining({ field: 'name', code: 'unknown_field' }),
    );
    // Another account cannot complete it.
    expectProblem(
      await b.post(`/v1/files/${fileId}/complete`, { size_bytes: bytes.length, sha256: sha256(bytes) }),
      404,
      'not_found',
    );

    const complete = await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    expectResource(complete, 202, 'File');
    expect(complete.body.status).toBe('validating');
    expect(complete.body.id).toBe(fileId);

    const ready = await waitFile(a, fileId);
    expectResource(ready, 200, 'File');
    expect(ready.body.status).toBe('ready');
    const again = await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    expectResource(again, 200, 'File');
    expect(again.body.status).toBe('ready');
    // A PUT after completion is refused.
    const late = await put(created, bytes);
    expect(late.status).toBe(409);
  });

  it('PUT beyond size_bytes → 413 and nothing kept; the right bytes are accepted afterwards', async () => {
    const bytes = Buffer.from('exactly twenty bytes');
    const created = await intent(a, 'small.txt', 'text/plain', bytes);
    const tooMuch = await put(
      created,
      Buffer.concat([bytes, Buffer.from(' and more bytes beyond the declared size')]),
    );
    expect(tooMuch.status).toBe(413);
    const problem = (await tooMuch.json()) as { code: string };
    expect(problem.code).toBe('payload_too_large');
    const file = await a.get(`/v1/files/${created.body.file_id as string}`);
    expect(file.body.status).toBe('pending_upload');
    const ok = await put(created, bytes);
    expect(ok.status).toBeLessThan(300);
  });

  it('a tampered upload URL is refused', async () => {
    const bytes = Buffer.from('tamper test');
    const created = await intent(a, 't.txt', 'text/plain', bytes);
    const url = new URL(created.body.upload_url as string);
    const tampered = `${url.origin}${url.pathname.slice(0, -4)}AAAA${url.search}`;
    const response = await fetch(tampered, {
      method: 'PUT',
      headers: created.body.upload_headers as Record<string, string>,
      body: new Uint8Array(bytes),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('a complete that differs from the intent → 422 upload_mismatch and nothing changes', async () => {
    const bytes = Buffer.from('bytes whose completion will not match');
    const created = await intent(a, 'mismatch.txt', 'text/plain', bytes);
    expect((await put(created, bytes)).status).toBeLessThan(300);
    const fileId = created.body.file_id as string;
    const mismatch = await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: bytes.length + 1,
      sha256: sha256(bytes),
    });
    expectProblem(mismatch, 422, 'upload_mismatch');
    const unchanged = await a.get(`/v1/files/${fileId}`);
    expectResource(unchanged, 200, 'File');
    expect(unchanged.body.status).toBe('uploaded');
    expect(unchanged.body.warnings).toEqual([]);
    // The same body is refused the same way; the matching one then completes the upload.
    const again = await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: bytes.length,
      sha256: 'b'.repeat(64),
    });
    expectProblem(again, 422, 'upload_mismatch');
    const matching = await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    expectResource(matching, 202, 'File');
    expect(matching.body.status).toBe('validating');
    expect((await put(created, bytes)).status).toBe(409);
  });

  it('digest mismatch → rejected with a warning, never ready', async () => {
    const declared = Buffer.from('the declared content of this file');
    const actual = Buffer.from('the actual content of the file!!!');
    expect(actual.length).toBe(declared.length);
    const created = await intent(a, 'liar.txt', 'text/plain', declared);
    expect((await put(created, actual)).status).toBeLessThan(300);
    const fileId = created.body.file_id as string;
    const complete = await a.post(`/v1/files/${fileId}/complete`, {
      size_bytes: declared.length,
      sha256: sha256(declared),
    });
    expect([202, 200]).toContain(complete.status);
    const done = await waitFile(a, fileId);
    expectResource(done, 200, 'File');
    expect(done.body.status).toBe('rejected');
    expect((done.body.warnings as string[]).length).toBeGreaterThan(0);
    // A rejected file cannot be used by a job.
    const job = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: [fileId] },
      output: { profile: 'raw_source' },
    });
    expectProblem(job, 422, 'validation_failed');
    expect(job.body.field_errors).toContainEqual(expect.objectContaining({ field: 'source.file_ids[0]' }));
  });

  it('declared media type contradicted by the magic bytes → rejected', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const created = await intent(a, 'fake.pdf', 'application/pdf', png);
    expect((await put(created, png)).status).toBeLessThan(300);
    const fileId = created.body.file_id as string;
    await a.post(`/v1/files/${fileId}/complete`, { size_bytes: png.length, sha256: sha256(png) });
    const done = await waitFile(a, fileId);
    expect(done.body.status).toBe('rejected');
    expect((done.body.warnings as string[]).length).toBeGreaterThan(0);
  });
});

describe('files source jobs (spec Endpoints rule 3)', () => {
  it('a job from an uploaded markdown file succeeds and reads the file', async () => {
    const fileId = await uploadReady(a, 'article.md', 'text/markdown', Buffer.from(ARTICLE));
    const created = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: [fileId] },
      output: { profile: 'raw_source', format: 'markdown' },
    });
    expectResource(created, 201, 'Job');
    expect(created.body.source_type).toBe('files');
    expect(created.body.usage_estimate.confidence).toBe('medium');
    const done = await waitJob(a, created.body.id as string);
    expect(done.body.status, done.text).toBe('succeeded');
    const { text } = await readAllPages(a, done.body.output_ids[0] as string);
    for (const word of ['Urban Beekeeping', 'Stockholm', 'varroa']) expect(text).toContain(word);

    // deleteFile: 204, then 404; outputs already made stay.
    const deleted = await a.del(`/v1/files/${fileId}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectProblem(await a.get(`/v1/files/${fileId}`), 404, 'not_found');
    expectProblem(await a.del(`/v1/files/${fileId}`), 404, 'not_found');
    expect((await readAllPages(a, done.body.output_ids[0] as string)).text).toBe(text);
  });

  it('a job from a plain-text and a markdown file together', async () => {
    const one = await uploadReady(
      a,
      'one.txt',
      'text/plain',
      Buffer.from('First file about rivers. Rivers flow to the sea.\n'),
    );
    const two = await uploadReady(
      a,
      'two.md',
      'text/markdown',
      Buffer.from('# Mountains\n\nMountains are tall and cold.\n'),
    );
    const created = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: [one, two] },
      output: { profile: 'raw_source', format: 'jsonl' },
    });
    expectResource(created, 201, 'Job');
    const done = await waitJob(a, created.body.id as string);
    expect(done.body.status, done.text).toBe('succeeded');
    const { text } = await readAllPages(a, done.body.output_ids[0] as string);
    expect(text).toContain('rivers');
    expect(text).toContain('Mountains');
  });

  it('file_ids that are unknown, not ready or of another account are 422 field errors', async () => {
    const bytes = Buffer.from('pending bytes');
    const pending = await intent(a, 'p.txt', 'text/plain', bytes);
    const foreign = await uploadReady(b, 'b.txt', 'text/plain', Buffer.from('Account B owns this file.'));
    const reply = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: ['file_zzzzzzzzzzzzzzzzzzzz', pending.body.file_id, foreign] },
      output: { profile: 'raw_source' },
    });
    expectProblem(reply, 422, 'validation_failed');
    const errors = reply.body.field_errors as { field: string; code: string }[];
    expect(errors).toContainEqual(
      expect.objectContaining({ field: 'source.file_ids[0]', code: 'not_found' }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({ field: 'source.file_ids[1]', code: 'not_ready' }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({ field: 'source.file_ids[2]', code: 'not_found' }),
    );
    const malformed = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: ['nope'] },
      output: { profile: 'raw_source' },
    });
    expectProblem(malformed, 422, 'validation_failed');
    expect(malformed.body.field_errors).toContainEqual(
      expect.objectContaining({ field: 'source.file_ids[0]' }),
    );
  });
});

const FIXTURES = join(ROOT, 'fixtures');

/** Uploads a fixture and waits for validation; returns the final File. */
async function uploadFixture(client: Api, path: string, mediaType: string): Promise<Reply> {
  const bytes = readFileSync(join(FIXTURES, path));
  const created = await intent(client, path.split('/').at(-1) ?? 'file', mediaType, bytes);
  expect((await put(created, bytes)).status).toBeLessThan(300);
  const fileId = created.body.file_id as string;
  const complete = await client.post(`/v1/files/${fileId}/complete`, {
    size_bytes: bytes.length,
    sha256: sha256(bytes),
  });
  expectResource(complete, 202, 'File');
  const done = await waitFile(client, fileId);
  expectResource(done, 200, 'File');
  return done;
}

function expectNoInternals(messages: string[]): void {
  for (const message of messages) {
    expect(message).toMatch(/^[a-z][a-z0-9_]*: \S/);
    expect(message, message).not.toContain(service.dataDir);
    expect(message, message).not.toMatch(/\/tmp\/|\/blobs\/|node_modules|\.ts:\d+/);
  }
}

describe.concurrent('real-world uploads through the plugins', () => {
  const good: [string, string, string, string[]][] = [
    ['ocr/report-table.pdf', 'application/pdf', 'raw_source', ['Quarterly Report', 'North', '12,400']],
    ['ocr/image.png', 'image/png', 'raw_source', ['quick brown fox']],
    ['media/speech.wav', 'audio/wav', 'raw_source', ['forward']],
    ['media/speech.mp4', 'video/mp4', 'raw_source', ['forward']],
    ['repository/repo.zip', 'application/zip', 'raw_source', ['tiny-greeter']],
    ['text/csv-dataset/input.csv', 'text/csv', 'schema_plan', ['station_id']],
    ['webpage/news-article/input.html', 'text/html', 'raw_source', ['tidal park']],
  ];
  it.each(good)('%s (%s) converts', async (path, mediaType, profile, words) => {
    const file = await uploadFixture(a, path, mediaType);
    expect(file.body.status, file.text).toBe('ready');
    const created = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: [file.body.id] },
      output: { profile, format: 'markdown' },
    });
    expectResource(created, 201, 'Job');
    const done = await waitJob(a, created.body.id as string, 120_000);
    expect(done.body.status, done.text).toBe('succeeded');
    expectNoInternals(done.body.warnings as string[]);
    const { text } = await readAllPages(a, done.body.output_ids[0] as string);
    for (const word of words) expect(text.toLowerCase()).toContain(word.toLowerCase());
  });

  const hostile: [string, string][] = [
    ['ocr/encrypted.pdf', 'application/pdf'],
    ['ocr/truncated.pdf', 'application/pdf'],
    ['repository/zip-bomb.zip', 'application/zip'],
    ['repository/zip-slip.zip', 'application/zip'],
    ['media/corrupt.m4a', 'audio/mp4'],
    ['ocr/noise.png', 'image/png'],
    ['media/silent.wav', 'audio/wav'],
  ];
  it.each(hostile)(
    '%s (%s) is rejected or fails with a failure code, never an empty success',
    async (path, mediaType) => {
      const file = await uploadFixture(a, path, mediaType);
      expectNoInternals(file.body.warnings as string[]);
      if (file.body.status === 'rejected') {
        expect((file.body.warnings as string[]).length).toBeGreaterThan(0);
        return;
      }
      expect(file.body.status).toBe('ready');
      const created = await a.post('/v1/jobs', {
        source: { type: 'files', file_ids: [file.body.id] },
        output: { profile: 'raw_source' },
      });
      expectResource(created, 201, 'Job');
      const done = await waitJob(a, created.body.id as string, 120_000);
      expect(done.body.status, done.text).toBe('failed');
      expect(done.body.progress.detail).toMatch(/^[a-z_]+: /);
      expectNoInternals(done.body.warnings as string[]);
    },
  );
});
