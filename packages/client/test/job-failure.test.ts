import type { Job } from '@transmute/contract';
import { describe, expect, it } from 'vitest';
import { createClient, jobFailure } from '../src/index.js';
import { json, scriptedFetch } from './fake-fetch.js';

const job = (status: Job['status'], detail: string | null, warnings: string[] = []): Job => ({
  id: 'job_Q2w3E4r5T6y7U8',
  status,
  progress: { stage: null, percent: status === 'succeeded' ? 100 : 40, detail },
  source_type: 'text',
  output_ids: ['out_Z9x8C7v6B5n4M3'],
  warnings,
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
  expires_at: null,
});

describe('jobFailure', () => {
  it('reads the code and sentence of a failed job from progress.detail', () => {
    const text = 'unsupported_content: The content type is not supported: x.bin.';
    expect(jobFailure(job('failed', text, [text]))).toEqual({
      code: 'unsupported_content',
      detail: 'The content type is not supported: x.bin.',
    });
  });

  it('falls back to the first warning in the code: detail form', () => {
    expect(jobFailure(job('failed', null, ['a note', 'empty_content: Nothing to read.']))).toEqual({
      code: 'empty_content',
      detail: 'Nothing to read.',
    });
  });

  it('gives job_canceled for a canceled job and nothing for the others', () => {
    expect(jobFailure(job('canceled', 'Canceled before processing started.'))).toEqual({
      code: 'job_canceled',
      detail: 'Canceled before processing started.',
    });
    for (const status of ['queued', 'processing', 'succeeded', 'canceling', 'expired'] as const)
      expect(jobFailure(job(status, null)), status).toBeUndefined();
  });
});

describe('createJobAndWait onProgress', () => {
  it('reports the created job and every polled one', async () => {
    const { fetch } = scriptedFetch([
      json(201, job('queued', null)),
      json(200, job('processing', 'extraction')),
      json(200, job('succeeded', null)),
    ]);
    const client = createClient({ baseUrl: 'https://api.example.com', apiKey: 'tmk_k', fetch });
    const seen: string[] = [];
    await client.createJobAndWait(
      { source: { type: 'text', content: 'x' }, output: { profile: 'raw_source' } },
      { pollIntervalMs: 1, onProgress: (j) => seen.push(`${j.status} ${String(j.progress.percent)}`) },
    );
    expect(seen).toEqual(['queued 40', 'processing 40', 'succeeded 100']);
  });
});

describe('waitForJob', () => {
  it('polls an existing job until it is terminal, reporting each one', async () => {
    const { fetch, calls } = scriptedFetch([
      json(200, job('processing', 'extraction')),
      json(200, job('failed', 'empty_content: Nothing to read.')),
    ]);
    const client = createClient({ baseUrl: 'https://api.example.com', apiKey: 'tmk_k', fetch });
    const seen: string[] = [];
    const done = await client.waitForJob('job_Q2w3E4r5T6y7U8', {
      pollIntervalMs: 1,
      onProgress: (j) => seen.push(j.status),
    });
    expect(seen).toEqual(['processing', 'failed']);
    expect(jobFailure(done)).toEqual({ code: 'empty_content', detail: 'Nothing to read.' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /v1/jobs/job_Q2w3E4r5T6y7U8',
      'GET /v1/jobs/job_Q2w3E4r5T6y7U8',
    ]);
  });
});
