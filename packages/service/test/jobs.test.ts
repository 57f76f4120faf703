import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, waitFor, waitForJob, type Harness } from './support/harness.js';

const TEXT = Array.from(
  { length: 60 },
  (_, i) =>
    `## Section ${String(i)}\n\nParagraph ${String(i)} says something useful about topic ${String(i)}. It has a second sentence too.`,
).join('\n\n');

describe('jobs', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('runs a text job to succeeded with its first output, manifest and usage', async () => {
    h = await startHarness();
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: TEXT },
      output: { profile: 'raw_source' },
    });
    expect(job).toMatchObject({
      status: 'queued',
      source_type: 'text',
      progress: { stage: null, percent: 0 },
    });
    expect(job.output_ids).toHaveLength(1);
    expect(job.usage_estimate?.confidence).toBe('high');
    const done = await waitForJob(h, job.id, ['succeeded', 'failed']);
    expect(done.status).toBe('succeeded');
    expect(done.progress).toEqual({ stage: null, percent: 100, detail: null });
    expect(done.expires_at).not.toBeNull();
    const output = await h.service.getOutput(h.caller, job.output_ids[0] ?? '');
    expect(output.status).toBe('succeeded');
    expect(output.manifest?.files[0]?.download_url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/artifacts\//);
    const usage = await h.service.getUsage(h.caller);
    expect(usage.jobs_created).toBe(1);
    expect(usage.units.find((u) => u.unit === 'jobs')?.finalized).toBe(1);
    expect(usage.output_bytes).toBeGreaterThan(0);
  });

  it('pages output content on record boundaries and the pages concatenate to the artifact', async () => {
    h = await startHarness();
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: TEXT },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['succeeded']);
    const outputId = job.output_ids[0] ?? '';
    const output = await h.service.getOutput(h.caller, outputId);
    const token = (output.manifest?.files[0]?.download_url ?? '').split('/artifacts/')[1] ?? '';
    const artifact = await h.service.openArtifact(token);
    const whole = await new Response(artifact.open()).text();
    const pages: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await h.service.getOutputContent(h.caller, outputId, {
        limit: 300,
        ...(cursor === undefined ? {} : { cursor }),
      });
      pages.push(page.data);
      if (page.page.has_more) expect(page.data.endsWith('\n\n')).toBe(true);
      if (page.page.next_cursor === null) break;
      cursor = page.page.next_cursor;
    }
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.join('')).toBe(whole);
    const ranged = await new Response(artifact.open({ start: 2, end: 9 })).text();
    expect(ranged).toBe(whole.slice(2, 10));
  });

  it('renders a further output from the stored document and lists outputs newest first', async () => {
    h = await startHarness();
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: TEXT },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['succeeded']);
    const second = await h.service.createJobOutput(h.caller, job.id, {
      output: { profile: 'dataset_markdown', format: 'jsonl' },
    });
    expect(second.status).toBe('queued');
    const ready = await waitFor(async () => {
      const o = await h.service.getOutput(h.caller, second.id);
      return o.status === 'succeeded' || o.status === 'failed' ? o : undefined;
    });
    expect(ready.status).toBe('succeeded');
    const page = await h.service.getOutputContent(h.caller, second.id, { limit: 200 });
    expect(page.format).toBe('jsonl');
    if (page.page.has_more) expect(page.data.endsWith('\n')).toBe(true);
    const list = await h.service.listJobOutputs(h.caller, job.id, { limit: 10 });
    expect(list.data.map((o) => o.id)).toEqual([second.id, job.output_ids[0]]);
    expect((await h.service.getJob(h.caller, job.id)).output_ids).toEqual([job.output_ids[0], second.id]);
  });

  it('refuses content of unfinished and zip outputs', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: TEXT },
      output: { profile: 'raw_source' },
    });
    await expect(h.service.getOutputContent(h.caller, job.output_ids[0] ?? '', {})).rejects.toMatchObject({
      code: 'output_not_ready',
    });
  });

  it('cancels in each state as CONTRACT §8 says', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    const queued = await h.service.createJob(h.caller, {
      source: { type: 'text', content: TEXT },
      output: { profile: 'raw_source' },
    });
    const first = await h.service.cancelJob(h.caller, queued.id);
    expect(first).toMatchObject({ changed: true, job: { status: 'canceled' } });
    const output = await h.service.getOutput(h.caller, queued.output_ids[0] ?? '');
    expect(output.status).toBe('failed');
    expect(output.warnings[0]).toMatch(/^job_canceled: /);
    expect(await h.service.cancelJob(h.caller, queued.id)).toMatchObject({
      changed: false,
      job: { status: 'canceled' },
    });
    await expect(
      h.service.createJobOutput(h.caller, queued.id, { output: { profile: 'raw_source' } }),
    ).rejects.toMatchObject({
      code: 'job_not_renderable',
    });
    await h.service.deleteJob(h.caller, queued.id);
    await expect(h.service.getJob(h.caller, queued.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.service.deleteJob(h.caller, queued.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses to cancel finished jobs and to delete running ones', async () => {
    h = await startHarness();
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: 'Short text.' },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['succeeded']);
    await expect(h.service.cancelJob(h.caller, job.id)).rejects.toMatchObject({ code: 'job_not_cancelable' });
    const h2 = await startHarness({ workerConcurrency: 0 });
    try {
      const queued = await h2.service.createJob(h2.caller, {
        source: { type: 'text', content: 'x y z' },
        output: { profile: 'raw_source' },
      });
      await expect(h2.service.deleteJob(h2.caller, queued.id)).rejects.toMatchObject({
        code: 'job_not_terminal',
      });
    } finally {
      await h2.close();
    }
  });

  it('fails an empty extraction with a failure code in detail and warnings', async () => {
    h = await startHarness();
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: '   \n\n  ' },
      output: { profile: 'raw_source' },
    });
    const done = await waitForJob(h, job.id, ['succeeded', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.progress.detail).toMatch(/^empty_content: /);
    expect(done.warnings.some((w) => w.startsWith('empty_content: '))).toBe(true);
    const output = await h.service.getOutput(h.caller, job.output_ids[0] ?? '');
    expect(output.status).toBe('failed');
  });

  it('refuses an unknown profile from a library caller with validation_failed, storing nothing', async () => {
    h = await startHarness();
    const create = h.service.createJob(h.caller, {
      source: { type: 'text', content: TEXT },
      output: { profile: 'rag_dataset' as 'raw_source' },
    });
    await expect(create).rejects.toMatchObject({
      code: 'validation_failed',
      fieldErrors: [expect.objectContaining({ field: 'output.profile', code: 'invalid_value' })],
    });
    expect((await h.service.listJobs(h.caller, { limit: 10 })).data).toEqual([]);
  });
});
