import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectProblem,
  expectResource,
  ID,
  isTimestamp,
  poll,
  textJob,
  waitJob,
  type Api,
  type Reply,
} from './support/http.js';
import { download, readAllPages, type ManifestFile } from './support/outputs.js';
import { ARTICLE, FORMATS, PROFILES } from './support/sample.js';
import { startService, type RunningService } from './support/service.js';
import { listZipNames } from './support/zip.js';

let service: RunningService;
let a: Api;
let b: Api;

/** Jobs of the 6 × 3 matrix, created once, keyed `profile/format`. */
const matrix = new Map<string, Reply>();

beforeAll(async () => {
  service = await startService();
  a = api(service.baseUrl, service.accounts[0]?.apiKey ?? '');
  b = api(service.baseUrl, service.accounts[1]?.apiKey ?? '');
  for (const profile of PROFILES)
    for (const format of FORMATS)
      matrix.set(
        `${profile}/${format}`,
        await a.post('/v1/jobs', {
          source: { type: 'text', content: ARTICLE, title: 'Urban beekeeping' },
          output: { profile, format },
        }),
      );
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

const SEVEN_DAYS = 7 * 24 * 3600 * 1000;
const ZIP_ENTRIES: Record<string, string[]> = {
  raw_source: ['content.md', 'blocks.jsonl'],
  source_summary: ['summary.md', 'summary.json'],
  dataset_markdown: ['dataset.jsonl', 'README.md', 'schema.json'],
  schema_plan: ['schema.json', 'schema.sql', 'plan.md'],
  agent_context: ['context.md', 'context.jsonl'],
  evaluation_markdown: ['evaluation.md', 'evaluation.jsonl'],
};

const JSONL_FIELDS: Record<string, string[]> = {
  raw_source: ['type', 'text', 'heading_path'],
  dataset_markdown: ['id', 'text', 'tokens', 'heading_path', 'source'],
};

function primaryFile(files: ManifestFile[], format: string): ManifestFile {
  const wanted = format === 'jsonl' ? /jsonl|ndjson/ : /markdown/;
  const found = files.find((f) => wanted.test(f.media_type)) ?? files[0];
  if (found === undefined) throw new Error('empty manifest');
  return found;
}

describe('createJob response (CONTRACT §2, §8)', () => {
  it('201, Location, a queued Job with its first output and a usage estimate', () => {
    for (const [name, reply] of matrix) {
      expectResource(reply, 201, 'Job');
      const job = reply.body;
      expect(job.id, name).toMatch(ID.job);
      expect(new URL(reply.headers.get('location') ?? '', service.baseUrl).pathname).toBe(
        `/v1/jobs/${job.id as string}`,
      );
      expect(['queued', 'processing', 'succeeded']).toContain(job.status);
      expect(job.source_type).toBe('text');
      expect(job.output_ids).toHaveLength(1);
      expect(job.output_ids[0]).toMatch(ID.output);
      expect(isTimestamp(job.created_at) && isTimestamp(job.updated_at)).toBe(true);
      expect(job.usage_estimate, name).toBeDefined();
      expect(job.usage_estimate.currency).toBe('USD');
      expect(job.usage_estimate.confidence).toBe('high');
      if (job.status === 'queued') expect(job.progress.stage).toBeNull();
    }
  });
});

describe.each(PROFILES)('profile %s', (profile) => {
  it.each(FORMATS)('format %s: succeeds, manifest, content paging, download', async (format) => {
    const created = matrix.get(`${profile}/${format}`);
    expect(created?.status).toBe(201);
    const jobId = created?.body.id as string;
    const done = await waitJob(a, jobId);
    expectResource(done, 200, 'Job');
    expect(done.body.status, done.text).toBe('succeeded');
    expect(done.body.progress).toMatchObject({ percent: 100, stage: null });
    // temporary retention by default: expires 7 days after the job ends.
    expect(isTimestamp(done.body.expires_at)).toBe(true);
    const lifetime = Date.parse(done.body.expires_at as string) - Date.parse(done.body.updated_at as string);
    expect(Math.abs(lifetime - SEVEN_DAYS)).toBeLessThan(5 * 60_000);

    const outputId = done.body.output_ids[0] as string;
    const output = await a.get(`/v1/outputs/${outputId}`);
    expectResource(output, 200, 'Output');
    expect(output.body).toMatchObject({
      id: outputId,
      job_id: jobId,
      status: 'succeeded',
      profile,
      format,
      language: 'en',
    });
    expect(isTimestamp(output.body.completed_at)).toBe(true);
    const manifest = output.body.manifest as {
      manifest_version: number;
      files: ManifestFile[];
      total_size_bytes: number;
    };
    expect(manifest.manifest_version).toBe(1);
    expect(manifest.files.length).toBeGreaterThanOrEqual(1);
    expect(manifest.total_size_bytes).toBe(manifest.files.reduce((sum, f) => sum + f.size_bytes, 0));
    for (const file of manifest.files) {
      expect(file.file_id).toMatch(ID.artifact);
      expect(new URL(file.download_url).origin).toBe(service.baseUrl);
      expect(new URL(file.download_url).pathname.startsWith('/v1/')).toBe(false);
    }

    const list = await a.get(`/v1/jobs/${jobId}/outputs`);
    expectResource(list, 200, 'OutputList');
    expect((list.body.data as { id: string }[]).map((o) => o.id)).toEqual([outputId]);
    expect(list.body.page).toEqual({ next_cursor: null, has_more: false });

    if (format === 'zip') {
      const content = await a.get(`/v1/outputs/${outputId}/content`);
      expectProblem(content, 409, 'content_not_paginable');
      const zipFile = manifest.files.find((f) => /zip/.test(f.media_type)) ?? manifest.files[0];
      if (zipFile === undefined) throw new Error('no zip');
      const bytes = await download(zipFile);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      const names = listZipNames(bytes);
      for (const entry of ZIP_ENTRIES[profile] ?? []) expect(names, names.join(',')).toContain(entry);
      return;
    }
    const primary = primaryFile(manifest.files, format);
    const artifact = (await download(primary)).toString('utf8');
    expect(artifact.length).toBeGreaterThan(0);
    // Small pages force several of them; every page ends on a record boundary.
    const { pages, text } = await readAllPages(a, outputId, 400);
    expect(text).toBe(artifact);
    if (artifact.length > 1200) expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.format).toBe(format);
      expect(page.data.length).toBeGreaterThan(0);
    }
    for (const page of pages.slice(0, -1))
      expect(page.data.endsWith('\n'), JSON.stringify(page.data.slice(-80))).toBe(true);
    // The default page size returns the same text.
    expect((await readAllPages(a, outputId)).text).toBe(artifact);
    if (format === 'jsonl' && profile === 'raw_source') {
      // A limit smaller than one record still returns whole records: one line per page.
      const tiny = await readAllPages(a, outputId, 1);
      expect(tiny.text).toBe(artifact);
      expect(tiny.pages.length).toBe(artifact.split('\n').filter((l) => l !== '').length);
    }
    if (format === 'jsonl') {
      const lines = artifact.split('\n').filter((l) => l !== '');
      expect(lines.length).toBeGreaterThan(0);
      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const record of records) expect(typeof record).toBe('object');
      // CONTRACT §13 record fields.
      const fields = JSONL_FIELDS[profile] ?? [];
      for (const record of records) for (const field of fields) expect(record, field).toHaveProperty(field);
    } else if (profile === 'raw_source') {
      for (const word of ['Urban Beekeeping', 'Helsinki', 'Stockholm', '31.5', 'varroa'])
        expect(artifact).toContain(word);
    }
  });
});

describe('artifact download route (CONTRACT §9)', () => {
  it('ETag, Range 206, unsigned or tampered token refused', async () => {
    const jobId = matrix.get('raw_source/markdown')?.body.id as string;
    await waitJob(a, jobId);
    const job = await a.get(`/v1/jobs/${jobId}`);
    const output = await a.get(`/v1/outputs/${job.body.output_ids[0] as string}`);
    const file = (output.body.manifest as { files: ManifestFile[] }).files[0] as ManifestFile;
    const full = await download(file);
    const ranged = await fetch(file.download_url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-9/${String(file.size_bytes)}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(full.subarray(0, 10));
    const tail = await fetch(file.download_url, { headers: { range: 'bytes=-5' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(full.subarray(full.length - 5));
    const etag = ranged.headers.get('etag');
    expect(etag).toContain(file.sha256);
    const notModified = await fetch(file.download_url, { headers: { 'if-none-match': etag ?? '' } });
    expect(notModified.status).toBe(304);
    const beyond = await fetch(file.download_url, {
      headers: { range: `bytes=${String(file.size_bytes + 10)}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${String(file.size_bytes)}`);
    const url = new URL(file.download_url);
    const tampered = `${url.origin}${url.pathname.slice(0, -4)}AAAA`;
    expect((await fetch(tampered)).status).toBeGreaterThanOrEqual(400);
  });
});

describe('further outputs (CONTRACT §8)', () => {
  it('createJobOutput on a succeeded job: 201 + Location, renders, listed, in output_ids', async () => {
    const jobId = matrix.get('source_summary/markdown')?.body.id as string;
    await waitJob(a, jobId);
    const reply = await a.post(`/v1/jobs/${jobId}/outputs`, {
      output: { profile: 'dataset_markdown', format: 'jsonl', language: 'fr' },
    });
    expectResource(reply, 201, 'Output');
    expect(reply.body.id).toMatch(ID.output);
    expect(reply.body).toMatchObject({
      job_id: jobId,
      profile: 'dataset_markdown',
      format: 'jsonl',
      language: 'fr',
    });
    expect(new URL(reply.headers.get('location') ?? '', service.baseUrl).pathname).toBe(
      `/v1/outputs/${reply.body.id as string}`,
    );
    const done = await poll(
      () => a.get(`/v1/outputs/${reply.body.id as string}`),
      (r) => ['succeeded', 'failed'].includes(r.body.status as string),
    );
    expectResource(done, 200, 'Output');
    expect(done.body.status).toBe('succeeded');
    // English content, French requested, no translation provider: the output says so.
    expect((done.body.warnings as string[]).length, JSON.stringify(done.body.warnings)).toBeGreaterThan(0);
    const job = await a.get(`/v1/jobs/${jobId}`);
    expect(job.body.output_ids).toContain(reply.body.id);
    expect(job.body.output_ids).toHaveLength(2);
    const list = await a.get(`/v1/jobs/${jobId}/outputs`);
    expectResource(list, 200, 'OutputList');
    expect((list.body.data as { id: string }[]).map((o) => o.id).sort()).toEqual(
      [...(job.body.output_ids as string[])].sort(),
    );
    const paged = await a.get(`/v1/jobs/${jobId}/outputs?limit=1`);
    expectResource(paged, 200, 'OutputList');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.page.has_more).toBe(true);
    // Newest first: the further output leads.
    expect((list.body.data as { id: string }[]).map((o) => o.id)).toEqual([
      reply.body.id,
      job.body.output_ids[0],
    ]);
    const rest = await a.get(
      `/v1/jobs/${jobId}/outputs?limit=1&cursor=${encodeURIComponent(paged.body.page.next_cursor as string)}`,
    );
    expectResource(rest, 200, 'OutputList');
    expect(rest.body.page).toEqual({ next_cursor: null, has_more: false });
    // A cursor of one job's outputs is not valid on another job's outputs.
    const otherJob = matrix.get('raw_source/zip')?.body.id as string;
    expectProblem(
      await a.get(
        `/v1/jobs/${otherJob}/outputs?cursor=${encodeURIComponent(paged.body.page.next_cursor as string)}`,
      ),
      400,
      'invalid_cursor',
    );
    // Validation of the output options.
    const bad = await a.post(`/v1/jobs/${jobId}/outputs`, { output: { profile: 'nope' } });
    expectProblem(bad, 422, 'validation_failed');
    expect(bad.body.field_errors).toContainEqual(expect.objectContaining({ field: 'output.profile' }));
    const missing = await a.post(`/v1/jobs/${jobId}/outputs`, {});
    expectProblem(missing, 422, 'validation_failed');
    expect(missing.body.field_errors).toContainEqual(
      expect.objectContaining({ field: 'output', code: 'required' }),
    );
  });
});

describe('job rules (CONTRACT §2, §3, §8)', () => {
  it('cancel on a succeeded job is 409 job_not_cancelable', async () => {
    const jobId = matrix.get('raw_source/jsonl')?.body.id as string;
    await waitJob(a, jobId);
    expectProblem(await a.post(`/v1/jobs/${jobId}/cancel`), 409, 'job_not_cancelable');
  });

  it('deleteJob: 204 without body, then 404 for the job and its outputs; second delete 404', async () => {
    const created = await a.post('/v1/jobs', textJob('A job to delete. It has two sentences.'));
    expectResource(created, 201, 'Job');
    const done = await waitJob(a, created.body.id as string);
    expect(done.body.status).toBe('succeeded');
    const outputId = done.body.output_ids[0] as string;
    const deleted = await a.del(`/v1/jobs/${created.body.id as string}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectProblem(await a.get(`/v1/jobs/${created.body.id as string}`), 404, 'not_found');
    expectProblem(await a.get(`/v1/outputs/${outputId}`), 404, 'not_found');
    expectProblem(await a.get(`/v1/outputs/${outputId}/content`), 404, 'not_found');
    expectProblem(await a.del(`/v1/jobs/${created.body.id as string}`), 404, 'not_found');
    const list = await a.get('/v1/jobs?limit=100');
    expect((list.body.data as { id: string }[]).map((j) => j.id)).not.toContain(created.body.id);
  });

  it('retention classes: ephemeral 1 h, account never', async () => {
    const ephemeral = await a.post('/v1/jobs', {
      ...textJob('Ephemeral job text.'),
      retention: { class: 'ephemeral' },
    });
    const forever = await a.post('/v1/jobs', {
      ...textJob('Account job text.'),
      retention: { class: 'account' },
    });
    expectResource(ephemeral, 201, 'Job');
    expectResource(forever, 201, 'Job');
    const e = await waitJob(a, ephemeral.body.id as string);
    const f = await waitJob(a, forever.body.id as string);
    expect(e.body.status).toBe('succeeded');
    const lifetime = Date.parse(e.body.expires_at as string) - Date.parse(e.body.updated_at as string);
    expect(Math.abs(lifetime - 3600_000)).toBeLessThan(5 * 60_000);
    expect(f.body.status).toBe('succeeded');
    expect(f.body.expires_at).toBeNull();
  });

  it('content query: bad limit is invalid_parameter, a cursor of another output is invalid_cursor', async () => {
    const one = matrix.get('raw_source/markdown')?.body.output_ids[0] as string;
    const two = matrix.get('agent_context/markdown')?.body.output_ids[0] as string;
    await waitJob(a, matrix.get('agent_context/markdown')?.body.id as string);
    for (const limit of ['0', 'abc', '1048577']) {
      const reply = await a.get(`/v1/outputs/${one}/content?limit=${limit}`);
      expectProblem(reply, 400, 'invalid_parameter');
    }
    const first = await a.get(`/v1/outputs/${one}/content?limit=200`);
    expect(first.status).toBe(200);
    const cursor = first.body.page.next_cursor as string;
    expect(typeof cursor).toBe('string');
    expectProblem(
      await a.get(`/v1/outputs/${two}/content?cursor=${encodeURIComponent(cursor)}`),
      400,
      'invalid_cursor',
    );
    expectProblem(
      await a.get(`/v1/outputs/${one}/content?cursor=${encodeURIComponent(`${cursor}x`)}`),
      400,
      'invalid_cursor',
    );
  });
});

describe('lists (CONTRACT §6)', () => {
  it('listJobs: newest first, limit + cursor pages, no duplicates, has_more ⇔ next_cursor, status filter', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await b.post('/v1/jobs', textJob(`List job number ${String(i)}. It is short.`));
      expectResource(reply, 201, 'Job');
      ids.push(reply.body.id as string);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    let inserted: string | null = null;
    do {
      const reply: Reply = await b.get(
        `/v1/jobs?limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
      );
      expectResource(reply, 200, 'JobList');
      expect(reply.body.page.has_more).toBe(reply.body.page.next_cursor !== null);
      sizes.push((reply.body.data as unknown[]).length);
      seen.push(...(reply.body.data as { id: string }[]).map((j) => j.id));
      cursor = reply.body.page.next_cursor as string | null;
      // A job created mid-walk neither shifts nor repeats the remaining pages.
      if (inserted === null) {
        const extra = await b.post('/v1/jobs', textJob('Inserted while paging.'));
        inserted = extra.body.id as string;
      }
    } while (cursor !== null);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([...ids].reverse());
    ids.push(inserted ?? '');
    const all = await b.get('/v1/jobs');
    expect((all.body.data as { id: string }[]).map((j) => j.id)).toEqual([...ids].reverse());
    expect(all.body.page).toEqual({ next_cursor: null, has_more: false });

    for (const id of ids) await waitJob(b, id);
    const succeeded = await b.get('/v1/jobs?status=succeeded&limit=100');
    expectResource(succeeded, 200, 'JobList');
    expect((succeeded.body.data as { id: string }[]).map((j) => j.id)).toEqual([...ids].reverse());
    const failed = await b.get('/v1/jobs?status=failed');
    expectResource(failed, 200, 'JobList');
    expect(failed.body).toEqual({ data: [], page: { next_cursor: null, has_more: false } });
    // A filtered cursor walks the filtered list.
    const filteredPage = await b.get('/v1/jobs?status=succeeded&limit=3');
    const next = await b.get(
      `/v1/jobs?status=succeeded&limit=3&cursor=${encodeURIComponent(filteredPage.body.page.next_cursor as string)}`,
    );
    expectResource(next, 200, 'JobList');
    expect((next.body.data as { id: string }[]).map((j) => j.id)).toEqual([...ids].reverse().slice(3));
  });
});

describe('usage (spec Usage, CONTRACT §11)', () => {
  it('shape, developer plan limits, calendar-month period, counters move after a job', async () => {
    const before = await b.get('/v1/usage');
    expectResource(before, 200, 'Usage');
    const u = before.body;
    expect(u.plan).toBe('developer');
    expect(u.account_status).toBe('active');
    expect(u.limits).toEqual({
      jobs: 1000,
      input_bytes: 20 * 1024 ** 3,
      concurrency: 4,
      spend_cap_microusd: null,
    });
    const now = new Date();
    expect(Date.parse(u.period_start as string)).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    expect(Date.parse(u.period_end as string)).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(u.costs.currency).toBe('USD');

    const content = 'Usage counting text. '.repeat(50);
    const job = await b.post('/v1/jobs', textJob(content));
    expectResource(job, 201, 'Job');
    const done = await waitJob(b, job.body.id as string);
    expect(done.body.status).toBe('succeeded');
    const after = await poll(
      () => b.get('/v1/usage'),
      (r) => (r.body.output_bytes as number) > (u.output_bytes as number),
      20_000,
    );
    expectResource(after, 200, 'Usage');
    expect(after.body.jobs_created).toBe((u.jobs_created as number) + 1);
    expect(after.body.input_bytes - u.input_bytes).toBeGreaterThanOrEqual(Buffer.byteLength(content));
    const jobsUnit = (after.body.units as { unit: string; finalized: number; billable: number }[]).find(
      (x) => x.unit === 'jobs',
    );
    expect(jobsUnit).toBeDefined();
    expect(jobsUnit?.finalized).toBeGreaterThanOrEqual(1);
    for (const unit of after.body.units as { finalized: number; credited: number; billable: number }[])
      expect(unit.billable).toBe(unit.finalized - unit.credited);
  });
});

describe('capabilities (spec Capabilities, plugin table, CONTRACT §12)', () => {
  it('api_version, enumerations, limits and the five spec plugins with their constants', async () => {
    const reply = await a.get('/v1/capabilities');
    expectResource(reply, 200, 'Capabilities');
    const c = reply.body;
    expect(c.api_version).toBe('v1');
    expect([...(c.source_types as string[])].sort()).toEqual(['files', 'text', 'url']);
    expect([...(c.output_profiles as string[])].sort()).toEqual([...PROFILES].sort());
    expect([...(c.output_formats as string[])].sort()).toEqual(['jsonl', 'markdown', 'zip']);
    expect(c.languages).toContain('en');
    expect(c.file_media_types).toEqual(expect.arrayContaining(['text/plain', 'text/markdown']));
    expect(c.limits).toEqual({
      maximum_file_bytes: 104_857_600,
      maximum_files_per_job: 20,
      maximum_text_characters: 2_000_000,
    });
    const plugins = c.plugins as Record<string, unknown>[];
    const expected = [
      {
        id: 'source.webpage',
        canonical_identifier: 'webpage.v1',
        kind: 'source_adapter',
        cost_unit: 'extracted_characters',
        limits: { maximum_bytes: 5_000_000, maximum_redirects: 5, timeout_seconds: 20 },
        media_types: ['text/html', 'application/xhtml+xml'],
        output_formats: [],
        quality_threshold: 0.8,
      },
      {
        id: 'source.audio_upload',
        canonical_identifier: 'uploaded_audio.v1',
        kind: 'source_adapter',
        cost_unit: 'media_minutes',
        limits: {
          maximum_bytes: 524_288_000,
          maximum_duration_seconds: 14_400,
          temporary_disk_bytes: 1_073_741_824,
        },
        media_types: ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/webm', 'audio/ogg'],
        output_formats: [],
        quality_threshold: 0.82,
      },
      {
        id: 'source.video_upload',
        canonical_identifier: 'uploaded_video.v1',
        kind: 'source_adapter',
        cost_unit: 'media_minutes',
        limits: {
          maximum_bytes: 1_073_741_824,
          maximum_duration_seconds: 14_400,
          maximum_height: 2160,
          maximum_width: 3840,
          temporary_disk_bytes: 2_147_483_648,
        },
        media_types: ['video/mp4', 'video/webm', 'video/quicktime'],
        output_formats: [],
        quality_threshold: 0.82,
      },
      {
        id: 'source.ocr',
        canonical_identifier: 'ocr_document.v1',
        kind: 'source_adapter',
        cost_unit: 'ocr_pages',
        limits: { maximum_bytes: 104_857_600, maximum_pages: 500, minimum_confidence: 0.7 },
        media_types: ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'],
        output_formats: [],
        quality_threshold: 0.7,
      },
      {
        id: 'renderer.dataset_artifacts',
        canonical_identifier: 'dataset_artifacts.v1',
        kind: 'output_renderer',
        cost_unit: 'extracted_characters',
        limits: { maximum_archive_bytes: 536_870_912, maximum_records: 100_000 },
        media_types: [],
        output_formats: ['jsonl', 'zip'],
        quality_threshold: 0.9,
      },
    ];
    for (const want of expected) {
      const got = plugins.find((p) => p.id === want.id);
      expect(got, want.id).toBeDefined();
      const { media_types: mediaTypes, output_formats: formats, ...scalars } = want;
      expect(got).toMatchObject(scalars);
      expect([...((got?.media_types as string[] | undefined) ?? [])].sort()).toEqual([...mediaTypes].sort());
      expect([...((got?.output_formats as string[] | undefined) ?? [])].sort()).toEqual([...formats].sort());
      expect(['disabled', 'beta', 'general_availability']).toContain(got?.status);
      // The installation's surfaces (CONTRACT §12), the same for every plugin: test/surfaces.test.ts
      // checks each one is real.
      expect([...((got?.surfaces as string[] | undefined) ?? [])].sort()).toEqual([
        'api',
        'cli',
        'docs',
        'mcp',
        'python_sdk',
        'typescript_sdk',
        'web',
      ]);
    }
    // Media types a GA source adapter reads are listed at the top level.
    for (const plugin of plugins)
      if (plugin.kind === 'source_adapter' && plugin.status === 'general_availability')
        expect(c.file_media_types).toEqual(expect.arrayContaining(plugin.media_types as string[]));
  });
});
