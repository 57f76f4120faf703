import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Code, Heading, List } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { FAILURE_CODES } from '@transmute/contract';
import type { SourceFile, StageContext } from '@transmute/plugin-sdk';
import { createRepositorySource } from '../src/index.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/repository');

function file(name: string, mediaType: string): SourceFile {
  const path = join(fixtures, name);
  return {
    fileId: 'file_repo0000000001',
    name: basename(path),
    mediaType,
    sizeBytes: statSync(path).size,
    path,
  };
}

function context(limits: Record<string, number>) {
  const warnings: string[] = [];
  const meters: Record<string, number> = {};
  const ctx: StageContext = {
    signal: new AbortController().signal,
    limits,
    workDir: mkdtempSync(join(tmpdir(), 'repo-test-')),
    progress: () => undefined,
    warn: (code, detail) => warnings.push(`${code}: ${detail}`),
    meter: (unit, quantity) => {
      meters[unit] = (meters[unit] ?? 0) + quantity;
    },
    stage: () => undefined,
  };
  return { ctx, warnings, meters };
}

const source = createRepositorySource();

describe('createRepositorySource', () => {
  it('describes itself like the spec’s other plugins', () => {
    expect(source.manifest).toMatchObject({
      id: 'source.repository_archive',
      kind: 'source_adapter',
      canonicalIdentifier: 'repository_archive.v1',
      costUnit: 'files',
      outputFormats: [],
    });
    expect(source.manifest.mediaTypes).toEqual(
      expect.arrayContaining(['application/zip', 'application/x-tar', 'application/gzip']),
    );
    expect(Object.keys(source.manifest.limits).sort()).toEqual([
      'maximum_bytes',
      'maximum_compression_ratio',
      'maximum_digest_characters',
      'maximum_document_bytes',
      'maximum_entries',
      'maximum_file_bytes',
      'maximum_uncompressed_bytes',
    ]);
  });

  it('refuses unknown or non-positive limit overrides', () => {
    expect(() => createRepositorySource({ limits: { maximum_entries: 0 } })).toThrow(TypeError);
  });

  it('accepts archives by media type or magic bytes, and nothing else', () => {
    const zipHead = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    expect(source.accepts({ mediaType: 'application/octet-stream', name: 'a.zip', head: zipHead })).toBe(
      true,
    );
    expect(source.accepts({ mediaType: 'application/zip', name: 'a.zip', head: new Uint8Array() })).toBe(
      true,
    );
    expect(
      source.accepts({ mediaType: 'text/plain', name: 'a.txt', head: new TextEncoder().encode('hello') }),
    ).toBe(false);
  });

  for (const [name, mediaType] of [
    ['repo.zip', 'application/zip'],
    ['repo.tar.gz', 'application/gzip'],
  ] as const) {
    it(`turns ${name} into a digest: tree, README first, fenced files, summaries, .gitignore honoured`, async () => {
      const { ctx, meters } = context(source.manifest.limits);
      const { root, metadata } = await source.extract(file(name, mediaType), ctx);
      const headings = root.children
        .filter((node): node is Heading => node.type === 'heading')
        .map((node) => toString(node));
      expect(headings.slice(0, 3)).toEqual([metadata.title, 'File tree', 'Files']);
      const codes = root.children.filter((node): node is Code => node.type === 'code');
      const tree = codes[0]?.value ?? '';
      expect(tree).toContain('src/');
      expect(tree).not.toContain('debug.log');
      expect(tree).not.toContain('bundle.js');
      const fileHeadings = headings.slice(3);
      expect(fileHeadings[0]).toBe('README.md');
      expect(fileHeadings).toEqual(
        expect.arrayContaining(['src/index.js', 'src/util/format.py', 'package.json', '.gitignore']),
      );
      expect(fileHeadings).not.toContain('secrets.txt');
      const index = codes.find((code) => code.data?.provenance?.path === 'src/index.js');
      expect(index).toMatchObject({ lang: 'javascript', value: expect.stringContaining('Hello, ${name}!') });
      expect(codes.find((code) => code.data?.provenance?.path === 'src/util/format.py')?.lang).toBe('python');
      const summary = root.children.find((node): node is List => node.type === 'list');
      const summarized = summary?.children.map((item) => toString(item)) ?? [];
      expect(summarized).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^package-lock\.json .*lock file/),
          expect.stringMatching(/^node_modules\/left-pad\/index\.js .*vendored/),
          expect.stringMatching(/^assets\/logo\.png .*binary/),
        ]),
      );
      for (const node of root.children) expect(node.data?.provenance?.fileId).toBe('file_repo0000000001');
      expect(meters['extracted_characters']).toBeGreaterThan(100);
    });
  }

  it('lists a symbolic link without following it', async () => {
    const { ctx, warnings } = context(source.manifest.limits);
    const { root } = await source.extract(file('repo.tar.gz', 'application/gzip'), ctx);
    const text = root.children.map((node) => toString(node)).join('\n');
    expect(text).toMatch(/link-to-passwd .*link/);
    expect(text).not.toContain('root:x:0:0');
    expect(warnings.some((warning) => warning.startsWith('archive_links_skipped:'))).toBe(true);
  });

  for (const [name, mediaType] of [
    ['zip-bomb.zip', 'application/zip'],
    ['tar-bomb.tar.gz', 'application/gzip'],
    ['zip-slip.zip', 'application/zip'],
    ['absolute.tar', 'application/x-tar'],
  ] as const) {
    it(`refuses ${name} with archive_unsafe, at inspection and at extraction`, async () => {
      const inspection = await source.inspect?.(file(name, mediaType), new AbortController().signal);
      expect(inspection).toMatchObject({ ok: false, code: 'archive_unsafe' });
      const { ctx } = context(source.manifest.limits);
      await expect(source.extract(file(name, mediaType), ctx)).rejects.toMatchObject({
        code: 'archive_unsafe',
      });
    });
  }

  it('inspects a good archive cheaply: entry count and sizes', async () => {
    const inspection = await source.inspect?.(
      file('repo.zip', 'application/zip'),
      new AbortController().signal,
    );
    expect(inspection).toMatchObject({ ok: true, facts: { entries: 12 } });
  });

  it('refuses an archive with more entries than the limit', async () => {
    const strict = createRepositorySource({ limits: { maximum_entries: 3 } });
    const { ctx } = context(strict.manifest.limits);
    await expect(strict.extract(file('repo.zip', 'application/zip'), ctx)).rejects.toMatchObject({
      code: 'archive_unsafe',
    });
  });

  it('fails a file that is not an archive with a known code', async () => {
    const path = resolve(fixtures, '../ocr/french.pdf');
    const { ctx } = context(source.manifest.limits);
    const notArchive: SourceFile = {
      name: 'x.zip',
      mediaType: 'application/zip',
      sizeBytes: statSync(path).size,
      path,
    };
    const error = await source.extract(notArchive, ctx).catch((caught: unknown) => caught);
    expect(Object.keys(FAILURE_CODES)).toContain((error as { code: string }).code);
  });
});
