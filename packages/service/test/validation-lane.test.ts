import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  completeUpload,
  startHarness,
  uploadFile,
  waitForJob,
  waitForValidation,
  type Harness,
} from './support/harness.js';
import { SLOW_MEDIA_TYPE } from './support/slow-source.js';

describe('upload validation has capacity of its own', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('validates an upload while every job worker is busy with a conversion', async () => {
    h = await startHarness({ workerConcurrency: 1 });
    const slow = await uploadFile(h, 'sleep=30000\n\nslow text', SLOW_MEDIA_TYPE, 'slow.bin');
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [slow.id] },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['processing']);
    const file = await uploadFile(
      h,
      '# Notes\n\nUploaded while the worker is busy.\n',
      'text/markdown',
      'a.md',
    );
    expect(file.status).toBe('ready');
    expect((await h.service.getJob(h.caller, job.id)).status).toBe('processing');
    await h.service.cancelJob(h.caller, job.id);
    await waitForJob(h, job.id, ['canceled']);
  });

  it('checks at most validationConcurrency files at once, in the order their uploads completed', async () => {
    h = await startHarness({ validationConcurrency: 1 });
    const log = join(h.dir, 'inspect.log');
    const content = `inspect_sleep=300 inspect_log=${log}\n\ntext`;
    const first = await completeUpload(h, `${content} one`, SLOW_MEDIA_TYPE, 'first.bin');
    const second = await completeUpload(h, `${content} two`, SLOW_MEDIA_TYPE, 'second.bin');
    expect((await waitForValidation(h, first)).status).toBe('ready');
    expect((await waitForValidation(h, second)).status).toBe('ready');
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'inspect first.bin start',
      'inspect first.bin end',
      'inspect second.bin start',
      'inspect second.bin end',
    ]);
  });

  it('rejects a file whose checks outlast validationTimeoutMs with timeout, and goes on with the next', async () => {
    h = await startHarness({ validationConcurrency: 1, validationTimeoutMs: 300 });
    // The plugin ignores the abort: the deadline alone frees the file and the lane.
    const stuck = await completeUpload(
      h,
      'inspect_sleep=3000 ignore_abort=1\n\nx',
      SLOW_MEDIA_TYPE,
      'stuck.bin',
    );
    const next = await completeUpload(h, 'plain text', 'text/plain', 'next.txt');
    expect(await waitForValidation(h, stuck)).toMatchObject({
      status: 'rejected',
      warnings: [expect.stringMatching(/^timeout: /)],
    });
    expect((await waitForValidation(h, next)).status).toBe('ready');
  });
});
