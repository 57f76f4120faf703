import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createClient } from '@transmute/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, poll, textJob, waitJob, type Api, type Reply } from './support/http.js';
import { startService, type RunningService } from './support/service.js';
import { startS3rverProcess, type S3rverProcess } from '../support/s3rver-process.js';

const BUCKET = 'transmute-e2e';
let s3: S3rverProcess;
let s3Dir: string;
let endpoint: string;
let service: RunningService;
let a: Api;

beforeAll(async () => {
  s3 = await startS3rverProcess(BUCKET);
  s3Dir = s3.directory;
  endpoint = s3.endpoint;
  service = await startService({
    env: {
      TRANSMUTE_BLOB_URL: `s3://${BUCKET}/e2e?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&force_path_style=true`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  a = api(service.baseUrl, service.accounts[0]?.apiKey ?? '');
}, 180_000);

afterAll(async () => {
  await service?.stop();
  await s3?.close();
});

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** Keys of the objects s3rver holds in the bucket (its files are `<key>._S3rver_object`). */
function objectKeys(): string[] {
  const files = readdirSync(join(s3Dir, BUCKET), { recursive: true, encoding: 'utf8' });
  return files.filter((f) => f.endsWith('._S3rver_object')).map((f) => f.replace(/\._S3rver_object$/, ''));
}

async function intent(bytes: Buffer): Promise<Reply> {
  const reply = await a.post('/v1/upload-intents', {
    name: 'notes.md',
    media_type: 'text/markdown',
    size_bytes: bytes.length,
    sha256: sha256(bytes),
  });
  expect(reply.status, reply.text).toBe(201);
  return reply;
}

async function put(reply: Reply, bytes: Buffer): Promise<Response> {
  return fetch(reply.body.upload_url as string, {
    method: 'PUT',
    headers: reply.body.upload_headers as Record<string, string>,
    body: new Uint8Array(bytes),
  });
}

async function completeAndSettle(fileId: string, bytes: Buffer): Promise<Reply> {
  const complete = await a.post(`/v1/files/${fileId}/complete`, {
    size_bytes: bytes.length,
    sha256: sha256(bytes),
  });
  expect(complete.status, complete.text).toBe(202);
  return poll(
    () => a.get(`/v1/files/${fileId}`),
    (r) => r.status === 200 && r.body.status !== 'validating',
  );
}

describe('transmute serve on S3-compatible storage (TRANSMUTE_BLOB_URL, s3rver on loopback)', () => {
  it('uploads by presigned PUT straight to storage; the file becomes ready and converts', async () => {
    const bytes = Buffer.from('# Stored in S3\n\nA markdown upload sent straight to the bucket.\n');
    const created = await intent(bytes);
    expect((created.body.upload_url as string).startsWith(`${endpoint}/${BUCKET}/e2e/incoming/`)).toBe(true);
    const headers = created.body.upload_headers as Record<string, string>;
    expect(headers['x-amz-checksum-sha256']).toBe(createHash('sha256').update(bytes).digest('base64'));
    expect((await put(created, bytes)).status).toBe(200);
    const fileId = created.body.file_id as string;
    expect((await completeAndSettle(fileId, bytes)).body.status).toBe('ready');
    // One object holds the file, under a key naming its digest (each write has a key of its own).
    expect(objectKeys().filter((key) => key.startsWith(`e2e/blobs/${sha256(bytes)}.`))).toHaveLength(1);
    expect(objectKeys().filter((key) => key.startsWith('e2e/incoming/'))).toEqual([]);

    const job = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: [fileId] },
      output: { profile: 'raw_source' },
    });
    const done = await waitJob(a, job.body.id as string);
    expect(done.body.status, done.text).toBe('succeeded');
  });

  it('refuses bytes with the wrong digest: rejected, never ready, the object removed', async () => {
    const declared = Buffer.from('# Declared\n\nThe bytes the intent promised.\n');
    const forged = Buffer.from(declared.toString('utf8').replace('promised', 'PROMISED'));
    expect(forged.length).toBe(declared.length);
    const created = await intent(declared);
    await put(created, forged);
    const settled = await completeAndSettle(created.body.file_id as string, declared);
    expect(settled.body.status).toBe('rejected');
    expect(settled.body.warnings).toEqual([expect.stringMatching(/^digest_mismatch/)]);
    // The bytes go right after the rejection commits.
    const forgedKeys = (): string[] =>
      objectKeys().filter((key) => key.startsWith(`e2e/blobs/${sha256(forged)}`));
    await vi.waitFor(() => expect(forgedKeys()).toEqual([]), 5000);
    expect(objectKeys().filter((key) => key.startsWith('e2e/incoming/'))).toEqual([]);
  });

  it('downloads an artifact through a presigned GET of the store, by range too', async () => {
    const job = await a.post('/v1/jobs', textJob('A text whose artifact is served by the bucket itself.'));
    const done = await waitJob(a, job.body.id as string);
    const output = await a.get(`/v1/outputs/${(done.body.output_ids as string[])[0] ?? ''}`);
    const file = (output.body.manifest as { files: { download_url: string; sha256: string }[] }).files[0];
    if (file === undefined) throw new Error(`no artifact: ${output.text}`);
    const redirect = await fetch(file.download_url, { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    const location = redirect.headers.get('location') ?? '';
    expect(location.startsWith(`${endpoint}/${BUCKET}/e2e/blobs/${file.sha256}.`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toMatch(/^\d+$/);
    expect(Number(new URL(location).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);

    const whole = Buffer.from(await (await fetch(file.download_url)).arrayBuffer());
    expect(sha256(whole)).toBe(file.sha256);
    const ranged = await fetch(file.download_url, { headers: { Range: 'bytes=0-5' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(whole.subarray(0, 6));
  });

  it('works with @transmute/client: uploadFile (bytes and a stream) and a resumed downloadArtifact', async () => {
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.accounts[0]?.apiKey ?? '' });
    const bytes = Buffer.from('# Client\n\nUploaded by the client library to a presigned PUT.\n');
    const fromBytes = await client.uploadFile(
      { name: 'a.md', mediaType: 'text/markdown', bytes },
      { waitUntilValidated: true, pollIntervalMs: 100 },
    );
    expect(fromBytes.status).toBe('ready');
    const streamed = Buffer.from('# Streamed\n\nSent as a stream of known size and digest.\n');
    const fromStream = await client.uploadFile(
      {
        name: 'b.md',
        mediaType: 'text/markdown',
        stream: Readable.toWeb(Readable.from([streamed])) as ReadableStream<Uint8Array>,
        sizeBytes: streamed.length,
        sha256: sha256(streamed),
      },
      { waitUntilValidated: true, pollIntervalMs: 100 },
    );
    expect(fromStream.status).toBe('ready');

    const job = await client.createJobAndWait(
      {
        source: { type: 'files', file_ids: [fromBytes.id, fromStream.id] },
        output: { profile: 'raw_source' },
      },
      { pollIntervalMs: 200 },
    );
    expect(job.status).toBe('succeeded');
    const output = await client.getOutput(job.output_ids[0] ?? '');
    const file = output.manifest?.files[0];
    if (file === undefined) throw new Error('no artifact');
    const target = join(s3Dir, 'download.out');
    const whole = Buffer.from(await (await fetch(file.download_url)).arrayBuffer());
    // A partial download left behind: the client asks for the rest (or starts over) and verifies.
    writeFileSync(`${target}.part`, whole.subarray(0, 5));
    const result = await client.downloadArtifact(file, target);
    expect(result.sha256).toBe(file.sha256);
    expect(readFileSync(target)).toEqual(whole);
  }, 60_000);
});
