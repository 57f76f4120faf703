import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';

describe('source and output checks at create', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('refuses URL sources the SSRF policy blocks with url_not_allowed', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
    ]) {
      await expect(
        h.service.createJob(h.caller, { source: { type: 'url', url }, output: { profile: 'raw_source' } }),
      ).rejects.toMatchObject({
        code: 'validation_failed',
        fieldErrors: [
          {
            field: 'source.url',
            code: 'url_not_allowed',
            // The refusal names the fix of a self-hosted server (issue 28, point 7).
            detail: expect.stringContaining('--allow-private-networks'),
          },
        ],
      });
    }
    expect((await h.service.listJobs(h.caller, { limit: 10 })).data).toEqual([]);
  });

  it('accepts a public URL source with a low-confidence estimate', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    const job = await h.service.createJob(h.caller, {
      source: { type: 'url', url: 'https://93.184.215.14/page' },
      output: { profile: 'raw_source' },
    });
    expect(job).toMatchObject({
      status: 'queued',
      source_type: 'url',
      usage_estimate: { confidence: 'low' },
    });
  });

  it('refuses formats no installed renderer produces and media types no source reads', async () => {
    h = await startHarness({ workerConcurrency: 0 }, { plugins: [] });
    const { service, caller } = h;
    await expect(
      service.createJob(caller, {
        source: { type: 'text', content: 'x' },
        output: { profile: 'raw_source', format: 'zip' },
      }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      fieldErrors: [{ field: 'output.format', code: 'unsupported' }],
    });
    await expect(
      service.createUploadIntent(caller, {
        name: 'a.mp3',
        media_type: 'audio/mpeg',
        size_bytes: 10,
        sha256: 'a'.repeat(64),
      }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      fieldErrors: [{ field: 'media_type', code: 'unsupported' }],
    });
  });
});
