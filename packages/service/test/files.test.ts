import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  sha256,
  startHarness,
  streamOf,
  subscribeToEvents,
  uploadFile,
  waitFor,
  waitForJob,
  type Harness,
} from './support/harness.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b0b1e30000000049454e44ae426082',
  'hex',
);

function blobCount(dir: string): number {
  let count = 0;
  const walk = (path: string): void => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else count += 1;
    }
  };
  walk(join(dir, 'blobs'));
  return count;
}

describe('files and uploads', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('uploads, validates to ready and converts a files source', async () => {
    h = await startHarness();
    const file = await uploadFile(
      h,
      '# Title\n\nSome uploaded markdown text.\n',
      'text/markdown',
      'notes.md',
    );
    expect(file).toMatchObject({ status: 'ready', name: 'notes.md', warnings: [] });
    expect(file.expires_at).not.toBeNull();
    const usage = await h.service.getUsage(h.caller);
    expect(usage.units.find((u) => u.unit === 'uploaded_bytes')?.finalized).toBe(file.size_bytes);
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    expect(job.usage_estimate?.confidence).toBe('medium');
    expect((await waitForJob(h, job.id, ['succeeded', 'failed'])).status).toBe('succeeded');
    const page = await h.service.getOutputContent(h.caller, job.output_ids[0] ?? '', {});
    expect(page.data).toContain('Some uploaded markdown text.');
  });

  it('answers 413 for bytes beyond the declared size and keeps nothing', async () => {
    h = await startHarness();
    const intent = await h.service.createUploadIntent(h.caller, {
      name: 'a.txt',
      media_type: 'text/plain',
      size_bytes: 10,
      sha256: sha256('0123456789'),
    });
    const before = blobCount(h.dir);
    const token = intent.upload_url.split('/uploads/')[1] ?? '';
    await expect(
      h.service.receiveUpload(token, streamOf('0123456789ABCDEF'), 'text/plain'),
    ).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(blobCount(h.dir)).toBe(before);
    expect((await h.service.getFile(h.caller, intent.file_id)).status).toBe('pending_upload');
    await expect(
      h.service.completeFileUpload(h.caller, intent.file_id, {
        size_bytes: 10,
        sha256: sha256('0123456789'),
      }),
    ).rejects.toMatchObject({
      code: 'upload_not_received',
    });
  });

  it('rejects a digest mismatch (never ready) and emits file.rejected', async () => {
    h = await startHarness({ allowPrivateNetworks: true });
    await subscribeToEvents(h, ['file.rejected']);
    const intent = await h.service.createUploadIntent(h.caller, {
      name: 'a.txt',
      media_type: 'text/plain',
      size_bytes: 5,
      sha256: sha256('hello'),
    });
    await h.service.receiveUpload(
      intent.upload_url.split('/uploads/')[1] ?? '',
      streamOf('HELLO'),
      'text/plain',
    );
    const completed = await h.service.completeFileUpload(h.caller, intent.file_id, {
      size_bytes: 5,
      sha256: sha256('hello'),
    });
    expect(completed).toMatchObject({ changed: true, file: { status: 'validating' } });
    const file = await waitFor(async () => {
      const f = await h.service.getFile(h.caller, intent.file_id);
      return f.status === 'validating' ? undefined : f;
    });
    expect(file.status).toBe('rejected');
    expect(file.warnings[0]).toMatch(/^digest_mismatch: /);
    const again = await h.service.completeFileUpload(h.caller, intent.file_id, {
      size_bytes: 5,
      sha256: sha256('hello'),
    });
    expect(again).toMatchObject({ changed: false, file: { status: 'rejected' } });
    await expect(
      h.service.receiveUpload(intent.upload_url.split('/uploads/')[1] ?? '', streamOf('hello'), null),
    ).rejects.toMatchObject({
      code: 'upload_already_completed',
    });
    const events = await h.store.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'file.rejected')
      .execute();
    expect(events).toHaveLength(1);
    const envelope = JSON.parse(events[0]?.payload ?? '{}') as {
      data: { object: { id: string; status: string } };
    };
    expect(envelope.data.object).toMatchObject({ id: intent.file_id, status: 'rejected' });
  });

  it('rejects bytes whose magic does not match the declared type', async () => {
    h = await startHarness();
    const file = await uploadFile(h, PNG, 'text/plain', 'pixel.txt');
    expect(file.status).toBe('rejected');
    expect(file.warnings[0]).toMatch(/^media_type_mismatch: /);
  });

  it('refuses unknown, foreign and not-ready files as a source with field errors', async () => {
    h = await startHarness();
    const ready = await uploadFile(h, 'plain text here', 'text/plain');
    const pending = await h.service.createUploadIntent(h.caller, {
      name: 'b.txt',
      media_type: 'text/plain',
      size_bytes: 3,
      sha256: sha256('abc'),
    });
    const { account } = await h.service.admin.createAccount();
    const other = { accountId: account.id, requestId: 'req_other' };
    await expect(h.service.getFile(other, ready.id)).rejects.toMatchObject({ code: 'not_found' });
    const error = await h.service
      .createJob(other, {
        source: { type: 'files', file_ids: [ready.id] },
        output: { profile: 'raw_source' },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'validation_failed',
      fieldErrors: [{ field: 'source.file_ids[0]', code: 'not_found' }],
    });
    const mixed = await h.service
      .createJob(h.caller, {
        source: { type: 'files', file_ids: [ready.id, pending.file_id, 'file_unknown000000000'] },
        output: { profile: 'raw_source' },
      })
      .catch((e: unknown) => e);
    expect(mixed).toMatchObject({
      code: 'validation_failed',
      fieldErrors: [
        { field: 'source.file_ids[1]', code: 'not_ready' },
        { field: 'source.file_ids[2]', code: 'not_found' },
      ],
    });
  });

  it('deletes a file and its bytes; a second delete is not_found', async () => {
    h = await startHarness();
    const file = await uploadFile(h, 'delete me please', 'text/plain');
    const before = blobCount(h.dir);
    await h.service.deleteFile(h.caller, file.id);
    expect(blobCount(h.dir)).toBe(before - 1);
    await expect(h.service.deleteFile(h.caller, file.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('streams a 100 MB upload with RSS growing by less than 64 MB', async () => {
    h = await startHarness();
    const chunk = Buffer.alloc(1024 * 1024, 'transmute streaming line\n');
    const chunks = 100;
    const hash = createHash('sha256');
    for (let i = 0; i < chunks; i += 1) hash.update(chunk);
    const digest = hash.digest('hex');
    const size = chunk.length * chunks;
    const intent = await h.service.createUploadIntent(h.caller, {
      name: 'big.txt',
      media_type: 'text/plain',
      size_bytes: size,
      sha256: digest,
    });
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        peak = Math.max(peak, process.memoryUsage().rss);
        if (sent === chunks) {
          controller.close();
          return;
        }
        sent += 1;
        // The same bytes every time (never mutated): the test makes no garbage of its own, so the
        // RSS it reads is the upload path's, not 100 MB of copies waiting for a busy machine's GC.
        controller.enqueue(chunk);
      },
    });
    const file = await h.service.receiveUpload(
      intent.upload_url.split('/uploads/')[1] ?? '',
      body,
      'text/plain',
    );
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(file.status).toBe('uploaded');
    expect(peak - baseline).toBeLessThan(64 * 1024 * 1024);
    await h.service.completeFileUpload(h.caller, intent.file_id, { size_bytes: size, sha256: digest });
    const ready = await waitFor(async () => {
      const f = await h.service.getFile(h.caller, intent.file_id);
      return f.status === 'validating' ? undefined : f;
    });
    expect(ready.status).toBe('ready');
  });
});
