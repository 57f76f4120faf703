import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadIntent } from '@transmute/contract';
import { sha256OfBlobKey, type BlobStore } from '@transmute/service';
import {
  sha256,
  startHarness,
  waitForJob,
  waitForValidation,
  type Harness,
} from '../../service/test/support/harness.js';
import { startS3Server, type S3TestServer } from './support/s3-server.js';

const DAY = 24 * 3600 * 1000;
const TEXT = '# Straight to storage\n\nBytes that never pass through the service.\n';

/** The service on S3-compatible storage (s3rver on loopback): uploads, downloads and removal. */
describe('service on an S3 blob store', () => {
  let server: S3TestServer;
  let h: Harness;
  let blobs: BlobStore;
  let shiftMs = 0;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(async () => {
    await h.close();
    shiftMs = 0;
  });

  async function start(config: { downloadUrlTtlMs?: number } = {}): Promise<void> {
    blobs = await server.openBlobStore(`service-${String(Date.now())}/`);
    h = await startHarness({ ...config, now: () => new Date(Date.now() + shiftMs) }, { blobs });
  }

  async function intentFor(bytes: string): Promise<UploadIntent> {
    return h.service.createUploadIntent(h.caller, {
      name: 'notes.md',
      media_type: 'text/markdown',
      size_bytes: Buffer.byteLength(bytes),
      sha256: sha256(bytes),
    });
  }

  async function putDirect(intent: UploadIntent, body: string): Promise<Response> {
    return fetch(intent.upload_url, { method: 'PUT', headers: intent.upload_headers, body });
  }

  async function complete(intent: UploadIntent, declared: string): Promise<void> {
    await h.service.completeFileUpload(h.caller, intent.file_id, {
      size_bytes: Buffer.byteLength(declared),
      sha256: sha256(declared),
    });
  }

  /** Every blob key stored under the test's prefix. */
  async function storedKeys(): Promise<string[]> {
    return blobs.listKeys(null, 1000);
  }

  it('takes an upload PUT straight to storage with its checksum header, then converts it', async () => {
    await start();
    const intent = await intentFor(TEXT);
    expect(intent.upload_url.startsWith(`${server.endpoint}/${server.bucket}/`)).toBe(true);
    expect(intent.upload_url).toContain('X-Amz-Signature=');
    const signed = new URL(intent.upload_url).searchParams.get('X-Amz-SignedHeaders');
    expect(signed?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'x-amz-checksum-sha256']),
    );
    const checksum = createHash('sha256').update(TEXT).digest('base64');
    expect(intent.upload_headers).toEqual({
      'Content-Type': 'text/markdown',
      'x-amz-checksum-sha256': checksum,
    });
    expect((await putDirect(intent, TEXT)).status).toBe(200);
    expect((await h.service.getFile(h.caller, intent.file_id)).status).toBe('pending_upload');
    await complete(intent, TEXT);
    const file = await waitForValidation(h, intent.file_id);
    expect(file).toMatchObject({ status: 'ready', size_bytes: Buffer.byteLength(TEXT) });
    expect((await storedKeys()).map(sha256OfBlobKey)).toEqual([sha256(TEXT)]);

    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    expect((await waitForJob(h, job.id, ['succeeded', 'failed'])).status).toBe('succeeded');
    const page = await h.service.getOutputContent(h.caller, job.output_ids[0] ?? '', {});
    expect(page.data).toContain('Bytes that never pass through the service.');
  });

  it('names the origin of its presigned URLs, which a browser must be allowed to reach', async () => {
    await start();
    const intent = await intentFor(TEXT);
    const origins = await h.service.directOrigins?.();
    expect(origins).toEqual([new URL(intent.upload_url).origin]);
    expect(origins?.[0]).not.toBe(new URL(h.service.baseUrl ?? 'http://none').origin);
  });

  it('refuses a complete before any bytes arrived', async () => {
    await start();
    const intent = await intentFor(TEXT);
    await expect(complete(intent, TEXT)).rejects.toMatchObject({ code: 'upload_not_received' });
  });

  it('never makes bytes with the wrong digest ready, and removes them', async () => {
    await start();
    const intent = await intentFor(TEXT);
    const forged = TEXT.replace('never', 'NEVER');
    await putDirect(intent, forged);
    await complete(intent, TEXT);
    const file = await waitForValidation(h, intent.file_id);
    expect(file.status).toBe('rejected');
    expect(file.warnings).toEqual([expect.stringMatching(/^digest_mismatch/)]);
    // The bytes go right after the rejection commits.
    await vi.waitFor(async () => expect(await storedKeys()).toEqual([]), 5000);
    expect(await blobs.direct?.receiveUpload(intent.file_id)).toBeNull();
  });

  it('keeps the upload when a complete does not match the intent, for the right complete to follow', async () => {
    await start();
    const intent = await intentFor(TEXT);
    await putDirect(intent, TEXT);
    await expect(complete(intent, `${TEXT}more`)).rejects.toMatchObject({ code: 'upload_mismatch' });
    expect((await h.service.getFile(h.caller, intent.file_id)).status).toBe('uploaded');
    const kept = await storedKeys();
    expect(kept.map(sha256OfBlobKey)).toEqual([sha256(TEXT)]);
    await complete(intent, TEXT);
    expect((await waitForValidation(h, intent.file_id)).status).toBe('ready');
    expect(await storedKeys()).toEqual(kept);
  });

  it('removes bytes PUT again after the complete once they are older than the orphan grace', async () => {
    await start();
    const intent = await intentFor(TEXT);
    await putDirect(intent, TEXT);
    await complete(intent, TEXT);
    await waitForValidation(h, intent.file_id);
    expect((await putDirect(intent, TEXT)).status).toBe(200);
    expect(await blobs.deleteStaleTemporaries(3_600_000, 100)).toEqual([]);
    const removed = await blobs.deleteStaleTemporaries(0, 100);
    expect(removed).toEqual([{ name: `incoming/${intent.file_id}`, sizeBytes: Buffer.byteLength(TEXT) }]);
    expect(await blobs.direct?.receiveUpload(intent.file_id)).toBeNull();
    expect((await storedKeys()).map(sha256OfBlobKey)).toEqual([sha256(TEXT)]);
  });

  it('removes bytes of an intent that lapsed without a complete', async () => {
    await start();
    const intent = await intentFor(TEXT);
    await putDirect(intent, TEXT);
    shiftMs = 2 * 3600 * 1000;
    await h.service.sweep();
    expect((await h.service.getFile(h.caller, intent.file_id)).status).toBe('expired');
    expect(await blobs.direct?.receiveUpload(intent.file_id)).toBeNull();
  });

  it('serves artifacts by presigned GET with ranges, expiring with the link', async () => {
    await start({ downloadUrlTtlMs: 2000 });
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: TEXT },
      output: { profile: 'raw_source' },
    });
    expect((await waitForJob(h, job.id, ['succeeded', 'failed'])).status).toBe('succeeded');
    const output = await h.service.getOutput(h.caller, job.output_ids[0] ?? '');
    const artifact = output.manifest?.files[0];
    if (artifact === undefined) throw new Error('no artifact');
    const token = artifact.download_url.split('/artifacts/')[1] ?? '';
    const download = await h.service.openArtifact(token);
    const url = download.presignedUrl ?? '';
    expect(url.startsWith(`${server.endpoint}/${server.bucket}/`)).toBe(true);

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    const body = Buffer.from(await whole.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(artifact.sha256);
    expect(whole.headers.get('content-type')).toBe(artifact.media_type);
    const part = await fetch(url, { headers: { Range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(body.subarray(2, 10));

    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect((await fetch(url)).status).toBe(403);
    await expect(h.service.openArtifact(token)).rejects.toMatchObject({ code: 'not_found' });
  }, 20_000);

  it('removes the objects of expired jobs and files in the retention sweep', async () => {
    await start();
    const intent = await intentFor(TEXT);
    await putDirect(intent, TEXT);
    await complete(intent, TEXT);
    await waitForValidation(h, intent.file_id);
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [intent.file_id] },
      output: { profile: 'raw_source' },
    });
    expect((await waitForJob(h, job.id, ['succeeded', 'failed'])).status).toBe('succeeded');
    const artifacts = await h.store.db.selectFrom('artifacts').select('blob_key').execute();
    const jobRow = await h.store.db.selectFrom('jobs').select('document_key').executeTakeFirstOrThrow();
    const fileRow = await h.store.db.selectFrom('files').select('blob_key').executeTakeFirstOrThrow();
    const keys = [fileRow.blob_key, jobRow.document_key, ...artifacts.map((a) => a.blob_key)];
    for (const key of keys) expect(await blobs.stat(key ?? '')).not.toBeNull();

    shiftMs = 30 * DAY;
    await h.service.sweep();
    await h.service.sweep();
    for (const key of keys) expect(await blobs.stat(key ?? '')).toBeNull();
    expect(await storedKeys()).toEqual([]);
  }, 20_000);
});
