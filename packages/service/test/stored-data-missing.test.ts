import { afterEach, describe, expect, it } from 'vitest';
import {
  sha256,
  startHarness,
  streamOf,
  uploadFile,
  waitFor,
  waitForJob,
  waitForValidation,
  type Harness,
} from './support/harness.js';

/*
 * Bytes a row refers to that the storage lost (outside Transmute's deletes): every reader answers
 * `stored_data_missing` and logs it; nothing is served as an empty success, no output stays
 * `queued`, no job fails as a bug, and no client sees where the storage keeps its files.
 */
describe('stored bytes that are gone', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  async function succeededTextJob(): Promise<{ jobId: string; outputId: string }> {
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: 'A short text whose stored bytes will be lost.' },
      output: { profile: 'raw_source' },
    });
    expect((await waitForJob(h, job.id, ['succeeded', 'failed'])).status).toBe('succeeded');
    return { jobId: job.id, outputId: job.output_ids[0] ?? '' };
  }

  it('fails a new output of a job whose stored document is gone, leaving the job as it was', async () => {
    h = await startHarness();
    const { jobId } = await succeededTextJob();
    const row = await h.store.db
      .selectFrom('jobs')
      .select('document_key')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    await h.blobs.delete(row.document_key ?? '');
    const output = await h.service.createJobOutput(h.caller, jobId, {
      output: { profile: 'source_summary' },
    });
    const ended = await waitFor(async () => {
      const current = await h.service.getOutput(h.caller, output.id);
      return current.status === 'queued' || current.status === 'processing' ? undefined : current;
    });
    expect(ended.status).toBe('failed');
    expect(ended.warnings).toEqual([expect.stringMatching(/^stored_data_missing: /)]);
    expect((await h.service.getJob(h.caller, jobId)).status).toBe('succeeded');
  });

  it('refuses to serve an artifact or its content whose bytes are gone, before sending any', async () => {
    h = await startHarness();
    const { outputId } = await succeededTextJob();
    const output = await h.service.getOutput(h.caller, outputId);
    const artifact = await h.store.db
      .selectFrom('artifacts')
      .select('blob_key')
      .where('output_id', '=', outputId)
      .executeTakeFirstOrThrow();
    await h.blobs.delete(artifact.blob_key ?? '');
    const token = output.manifest?.files[0]?.download_url.split('/artifacts/')[1] ?? '';
    await expect(h.service.openArtifact(token)).rejects.toMatchObject({
      code: 'stored_data_missing',
      status: 500,
    });
    await expect(h.service.getOutputContent(h.caller, outputId, {})).rejects.toMatchObject({
      code: 'stored_data_missing',
    });
  });

  it('fails a job whose input file bytes are gone with a stable code, not as a bug', async () => {
    h = await startHarness();
    const file = await uploadFile(h, '# Notes\n\nSome notes.', 'text/markdown', 'notes.md');
    const row = await h.store.db
      .selectFrom('files')
      .select('blob_key')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    await h.blobs.delete(row.blob_key ?? '');
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    const ended = await waitForJob(h, job.id, ['succeeded', 'failed']);
    expect(ended.status).toBe('failed');
    expect(ended.progress.detail).toMatch(/^stored_data_missing: /);
  });

  it('rejects an upload whose bytes are gone without naming where the storage keeps them', async () => {
    h = await startHarness();
    const bytes = 'bytes that vanish before validation';
    const intent = await h.service.createUploadIntent(h.caller, {
      name: 'vanishing.txt',
      media_type: 'text/plain',
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    await h.service.receiveUpload(
      intent.upload_url.split('/uploads/')[1] ?? '',
      streamOf(bytes),
      'text/plain',
    );
    const row = await h.store.db
      .selectFrom('files')
      .select('blob_key')
      .where('id', '=', intent.file_id)
      .executeTakeFirstOrThrow();
    await h.blobs.delete(row.blob_key ?? '');
    await h.service.completeFileUpload(h.caller, intent.file_id, {
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    const file = await waitForValidation(h, intent.file_id);
    expect(file.status).toBe('rejected');
    expect(file.warnings).toEqual([expect.stringMatching(/^stored_data_missing: /)]);
    expect(JSON.stringify(file.warnings)).not.toContain(h.dir);
  });

  it('lets a job finish over a file deleted right after the job was created', async () => {
    const idle = await startHarness({ workerConcurrency: 0 });
    const caller = idle.caller;
    const file = await uploadFile(idle, '# Kept\n\nThe job holds these bytes.', 'text/markdown', 'kept.md');
    const job = await idle.service.createJob(caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    await idle.service.deleteFile(caller, file.id);
    await idle.close(true);
    h = await startHarness({}, { dir: idle.dir });
    const working = { ...h, caller };
    expect((await waitForJob(working, job.id, ['succeeded', 'failed'])).status).toBe('succeeded');
    const page = await h.service.getOutputContent(caller, job.output_ids[0] ?? '', {});
    expect(page.data).toContain('The job holds these bytes.');
    // Once the job is deleted nothing holds the bytes any more.
    await h.service.deleteJob(caller, job.id);
    expect(await h.blobs.listKeys(null, 1000)).toEqual([]);
  });
});
