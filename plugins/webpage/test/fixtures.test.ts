import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { convertHtml, createWebpageSource } from '../src/index.js';
import { decodeHtml } from '../src/internal/decode-html.js';
import { listFixtures, toMarkdown } from './golden.js';

const fixtures = await listFixtures();
const source = createWebpageSource({ maxThreads: 1 });
afterAll(() => source.close?.());

describe('golden fixtures through the webpage source', () => {
  it('has at least ten fixture pages', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
  });

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const expected = JSON.parse(await readFile(join(fixture.dir, 'expected.json'), 'utf8')) as {
      metadata: Record<string, unknown>;
      warnings: string[];
      mainContentFound: boolean;
    };
    const ctx = createTestContext({ limits: { ...source.manifest.limits } });
    const sizeBytes = (await stat(fixture.input)).size;
    const file = {
      fileId: 'file_fixture0001',
      name: 'input',
      mediaType: fixture.mediaType,
      sizeBytes,
      path: fixture.input,
    };
    const document = await source.extract(
      fixture.url === undefined ? file : { ...file, baseUrl: fixture.url },
      ctx,
    );

    expect(toMarkdown(document.root)).toBe(await readFile(join(fixture.dir, 'expected.md'), 'utf8'));
    expect(document.metadata).toEqual({ ...expected.metadata, mediaType: fixture.mediaType, sizeBytes });
    for (const warning of expected.warnings) expect(ctx.warnings).toContain(warning);
    expect(ctx.stages).toContain('extraction');
    expect(ctx.usage.extracted_characters).toBeGreaterThan(50);
    // A page without an article is kept whole, below the quality threshold: a warning, not a failure.
    const qualityWarned = ctx.warnings.some((warning) => warning.startsWith('quality_below_threshold: '));
    expect(qualityWarned).toBe(!expected.mainContentFound);
    for (const block of document.root.children) {
      expect(block.data?.provenance?.fileId).toBe('file_fixture0001');
    }
  });
});

describe('golden fixtures with jsdom under Readability', () => {
  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))(
    '%s gives the same markdown',
    async (_name, fixture) => {
      const html = decodeHtml(await readFile(fixture.input));
      const result = await convertHtml(html, { url: fixture.url, dom: 'jsdom' });
      expect(result.dom).toBe('jsdom');
      expect(toMarkdown(result.root)).toBe(await readFile(join(fixture.dir, 'expected.md'), 'utf8'));
    },
  );
});
