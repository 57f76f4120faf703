import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import { SDK_VERSION, type ProfileRendering, type RenderRequest } from '@transmute/plugin-sdk';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { createDatasetRenderer } from '../src/index.js';
import { readZip } from './read-zip.js';

function rendering(
  records: Record<string, unknown>[] = [
    { id: 'a', text: 'Hello' },
    { id: 'b', text: 'Wörld ✓' },
  ],
): ProfileRendering {
  return {
    profile: 'dataset_markdown',
    markdown: '# Title\n',
    records,
    files: [
      {
        name: 'dataset.jsonl',
        mediaType: 'application/x-ndjson',
        content: records.map((r) => `${JSON.stringify(r)}\n`).join(''),
      },
      { name: 'README.md', mediaType: 'text/markdown', content: '# Datasheet\n' },
    ],
    warnings: [],
  };
}

function request(overrides: Partial<RenderRequest> = {}): RenderRequest {
  return {
    profile: 'dataset_markdown',
    format: 'jsonl',
    language: 'en',
    includeRawSource: false,
    rendering: rendering(),
    originals: [],
    ...overrides,
  };
}

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isTransmuteError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('createDatasetRenderer', () => {
  it('has the manifest of the spec row', () => {
    expect(createDatasetRenderer().manifest).toEqual({
      id: 'renderer.dataset_artifacts',
      kind: 'output_renderer',
      canonicalIdentifier: 'dataset_artifacts.v1',
      useCase: expect.any(String),
      mediaTypes: [],
      outputFormats: ['jsonl', 'zip'],
      costUnit: 'extracted_characters',
      limits: { maximum_archive_bytes: 536870912, maximum_records: 100000 },
      qualityThreshold: 0.9,
      sdkVersion: SDK_VERSION,
    });
  });

  it('is healthy and rejects a bad compression level', async () => {
    expect(await createDatasetRenderer().health()).toEqual({ ok: true });
    expect(() => createDatasetRenderer({ compressionLevel: 12 })).toThrow(/compressionLevel/);
  });

  it('writes one JSON record per line with its size and sha256', async () => {
    const ctx = createTestContext();
    const [artifact, ...rest] = await createDatasetRenderer().render(request(), ctx);
    expect(rest).toEqual([]);
    expect(artifact).toMatchObject({ name: 'dataset_markdown.jsonl', mediaType: 'application/x-ndjson' });
    const bytes = readFileSync(artifact?.path ?? '');
    expect(bytes.toString('utf8')).toBe('{"id":"a","text":"Hello"}\n{"id":"b","text":"Wörld ✓"}\n');
    expect(artifact?.sizeBytes).toBe(bytes.length);
    expect(artifact?.sha256).toBe(sha256(artifact?.path ?? ''));
  });

  it('writes an empty JSONL file for a rendering without records', async () => {
    const ctx = createTestContext();
    const [artifact] = await createDatasetRenderer().render(request({ rendering: rendering([]) }), ctx);
    expect(artifact?.sizeBytes).toBe(0);
    expect(artifact?.sha256).toBe(createHash('sha256').digest('hex'));
  });

  it('zips the rendering files in order with fixed dates, deterministically', async () => {
    const renderer = createDatasetRenderer();
    const first = await renderer.render(request({ format: 'zip' }), createTestContext());
    const second = await renderer.render(request({ format: 'zip' }), createTestContext());
    const artifact = first[0];
    expect(artifact).toMatchObject({ name: 'dataset_markdown.zip', mediaType: 'application/zip' });
    expect(artifact?.sha256).toBe(second[0]?.sha256);
    expect(artifact?.sha256).toBe(sha256(artifact?.path ?? ''));
    expect(artifact?.sizeBytes).toBe(readFileSync(artifact?.path ?? '').length);
    const entries = readZip(readFileSync(artifact?.path ?? ''));
    expect(entries.map((entry) => entry.name)).toEqual(['dataset.jsonl', 'README.md']);
    expect(entries[1]?.data.toString('utf8')).toBe('# Datasheet\n');
    expect(entries[0]?.data.toString('utf8')).toContain('Wörld ✓');
    expect(entries.every((entry) => entry.date === '2000-01-01T00:00:00.000Z' && entry.mode === 0o644)).toBe(
      true,
    );
  });

  it('adds the original files under originals/ only with include_raw_source', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dataset-originals-'));
    writeFileSync(join(dir, 'a.csv'), 'id,name\n1,x\n');
    writeFileSync(join(dir, 'b.csv'), 'other');
    const originals = [
      { name: '../../etc/a.csv', mediaType: 'text/csv', sizeBytes: 12, path: join(dir, 'a.csv') },
      { name: 'a.csv', mediaType: 'text/csv', sizeBytes: 5, path: join(dir, 'b.csv') },
    ];
    const renderer = createDatasetRenderer();
    const without = await renderer.render(request({ format: 'zip', originals }), createTestContext());
    expect(readZip(readFileSync(without[0]?.path ?? '')).map((e) => e.name)).toEqual([
      'dataset.jsonl',
      'README.md',
    ]);
    const withRaw = await renderer.render(
      request({ format: 'zip', originals, includeRawSource: true }),
      createTestContext(),
    );
    const entries = readZip(readFileSync(withRaw[0]?.path ?? ''));
    expect(entries.map((e) => e.name)).toEqual([
      'dataset.jsonl',
      'README.md',
      'originals/a.csv',
      'originals/2-a.csv',
    ]);
    expect(entries[2]?.data.toString('utf8')).toBe('id,name\n1,x\n');
    expect(entries[3]?.data.toString('utf8')).toBe('other');
  });

  it('fails with limit_exceeded over maximum_records and writes nothing', async () => {
    for (const format of ['jsonl', 'zip'] as const) {
      const ctx = createTestContext({ limits: { maximum_records: 1, maximum_archive_bytes: 536870912 } });
      const problem = await failure(createDatasetRenderer().render(request({ format }), ctx));
      expect(problem.code).toBe('limit_exceeded');
      expect(problem.message).toMatch(/2 records, more than maximum_records \(1\)/);
      expect(readdirSync(ctx.workDir)).toEqual([]);
    }
  });

  it('fails with limit_exceeded past maximum_archive_bytes and leaves no partial file', async () => {
    const big = Array.from({ length: 2000 }, (_, index) => ({
      index,
      text: createHash('sha256').update(String(index)).digest('hex'),
    }));
    for (const format of ['jsonl', 'zip'] as const) {
      const ctx = createTestContext({ limits: { maximum_records: 100000, maximum_archive_bytes: 10_000 } });
      const problem = await failure(
        createDatasetRenderer().render(request({ format, rendering: rendering(big) }), ctx),
      );
      expect(problem.code).toBe('limit_exceeded');
      expect(problem.message).toMatch(/maximum_archive_bytes \(10000 bytes\)/);
      expect(readdirSync(ctx.workDir)).toEqual([]);
    }
  });

  it('uses the manifest limits when the context gives none', async () => {
    const records = Array.from({ length: 100001 }, (_, index) => ({ index }));
    const ctx = createTestContext();
    const problem = await failure(
      createDatasetRenderer().render(request({ rendering: rendering(records) }), ctx),
    );
    expect(problem).toMatchObject({ code: 'limit_exceeded' });
    const ok = await createDatasetRenderer().render(
      request({ rendering: rendering(records.slice(1)) }),
      createTestContext(),
    );
    expect(readFileSync(ok[0]?.path ?? '', 'utf8').split('\n')).toHaveLength(100001);
  });

  it('refuses markdown and an aborted signal', async () => {
    expect(
      await failure(createDatasetRenderer().render(request({ format: 'markdown' }), createTestContext())),
    ).toMatchObject({ code: 'unsupported_content' });
    const controller = new AbortController();
    controller.abort();
    await expect(
      createDatasetRenderer().render(request(), createTestContext({ signal: controller.signal })),
    ).rejects.toThrow();
  });
});
