import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourceAdapter, SourceFile } from '@transmute/plugin-sdk';
import { createTestContext, describeSourceAdapter } from '@transmute/plugin-sdk/testing';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebpageSource } from '../src/index.js';
import { FIXTURES_DIR } from './golden.js';
import { failureCode } from './support/failure-code.js';

const dir = await mkdtemp(join(tmpdir(), 'webpage-source-'));
const sources: SourceAdapter[] = [];
afterAll(async () => {
  for (const source of sources) await source.close?.();
});

function create(options: Parameters<typeof createWebpageSource>[0] = {}): SourceAdapter {
  const source = createWebpageSource({ maxThreads: 1, ...options });
  sources.push(source);
  return source;
}

async function page(name: string, html: string): Promise<SourceFile> {
  const path = join(dir, name);
  await writeFile(path, html);
  return { name, mediaType: 'text/html', sizeBytes: (await stat(path)).size, path };
}

describeSourceAdapter('source.webpage', {
  create: () => create(),
  cases: [
    {
      name: 'a blog post',
      path: join(FIXTURES_DIR, 'blog-post/input.html'),
      mediaType: 'text/html',
      expectText: ['sourdough starter', 'rye'],
    },
    {
      name: 'an XHTML page',
      path: join(FIXTURES_DIR, 'xhtml-upload/input.xhtml'),
      mediaType: 'application/xhtml+xml',
      expectText: ['oignon'],
    },
  ],
});

describe('createWebpageSource', () => {
  it('has the manifest of the spec', () => {
    const { manifest } = create();
    expect(manifest).toEqual({
      id: 'source.webpage',
      kind: 'source_adapter',
      canonicalIdentifier: 'webpage.v1',
      useCase: expect.any(String),
      mediaTypes: ['text/html', 'application/xhtml+xml'],
      outputFormats: [],
      costUnit: 'extracted_characters',
      limits: { maximum_bytes: 5_000_000, maximum_redirects: 5, timeout_seconds: 20 },
      qualityThreshold: 0.8,
      sdkVersion: 1,
    });
  });

  it('rejects invalid options at creation', () => {
    expect(() => createWebpageSource({ pageTimeoutMs: 0 })).toThrow(/pageTimeoutMs/);
    expect(() => createWebpageSource({ qualityThreshold: 2 })).toThrow(/qualityThreshold/);
  });

  it('accepts HTML media types, and HTML bytes declared as octet-stream', () => {
    const source = create();
    const head = new TextEncoder().encode('<!DOCTYPE html><html>');
    expect(source.accepts({ mediaType: 'text/html; charset=utf-8', name: 'a', head: new Uint8Array() })).toBe(
      true,
    );
    expect(source.accepts({ mediaType: 'application/octet-stream', name: 'a', head })).toBe(true);
    expect(source.accepts({ mediaType: 'application/pdf', name: 'a', head })).toBe(false);
  });

  it('inspects uploads: too large and binary files are rejected', async () => {
    const source = create();
    const signal = new AbortController().signal;
    const html = await page('ok.html', '<html><body><p>Hello</p></body></html>');
    expect(await source.inspect?.(html, signal)).toEqual({ ok: true, warnings: [] });
    expect(await source.inspect?.({ ...html, sizeBytes: 5_000_001 }, signal)).toMatchObject({
      ok: false,
      code: 'source_too_large',
    });
    const binary = await page('bin.html', '\u0000\u0001binary');
    expect(await source.inspect?.(binary, signal)).toMatchObject({ ok: false, code: 'media_type_mismatch' });
  });

  it('fails with empty_content when the page has no text', async () => {
    const file = await page(
      'empty.html',
      '<html><head><title></title></head><body><script>x()</script></body></html>',
    );
    expect(await failureCode(create().extract(file, createTestContext()))).toBe('empty_content');
  });

  it('converts a page with little readable text with a quality warning, never refusing it', async () => {
    const file = await page(
      'menu.html',
      '<html><body><nav><a href="/a">Home</a> <a href="/b">Log in</a></nav></body></html>',
    );
    const ctx = createTestContext();
    const document = await create().extract(file, ctx);
    expect(toString(document.root)).toContain('Log in');
    expect(ctx.warnings.some((warning) => warning.startsWith('quality_below_threshold: '))).toBe(true);
  });

  it('reports the quality score in the document facts, and warns below the threshold', async () => {
    const paragraph =
      '<p>The harbour authority approved the plan after two years of public hearings, and work starts in spring.</p>';
    const file = await page(
      'article.html',
      // Four paragraphs, each its own words: one printed twice is read once (repeated-paragraphs.ts).
      `<html><body><article>${['North', 'South', 'East', 'West'].map((quay) => paragraph.replace('The harbour', `The ${quay} quay`)).join('')}</article></body></html>`,
    );
    const ctx = createTestContext();
    const document = await create().extract(file, ctx);
    expect(document.metadata.facts).toMatchObject({ quality_score: 1, link_density: 0, extracted_share: 1 });
    expect(ctx.warnings.some((warning) => warning.startsWith('quality_below_threshold'))).toBe(false);
    // One short paragraph: real text, but little of it (the length factor of the score).
    const short = await page('short.html', `<html><body><article>${paragraph}</article></body></html>`);
    const shortCtx = createTestContext();
    const shortDocument = await create().extract(short, shortCtx);
    expect(shortDocument.metadata.facts?.['quality_score']).toBeLessThan(0.8);
    expect(shortCtx.warnings.some((warning) => warning.startsWith('quality_below_threshold'))).toBe(true);
  });

  it('refuses a page over maximum_bytes before converting it', async () => {
    const file = await page('large.html', '<p>x</p>');
    const ctx = createTestContext({ limits: { maximum_bytes: 4 } });
    expect(await failureCode(create().extract(file, ctx))).toBe('source_too_large');
  });

  it('fails with timeout when a page passes the time limit', async () => {
    const file = await page(
      'slow.html',
      '<html><body><p>Any page takes longer than a millisecond.</p></body></html>',
    );
    expect(await failureCode(create({ pageTimeoutMs: 1 }).extract(file, createTestContext()))).toBe(
      'timeout',
    );
  });

  it('fails a page that passes the worker heap bound with limit_exceeded, and the pool recovers', async () => {
    const paragraph =
      '<div class="c"><p>Some words in a paragraph, with commas, to score.</p><a href="/x">link</a></div>';
    const huge = await page(
      'huge.html',
      `<html><body><article>${paragraph.repeat(48_000)}</article></body></html>`,
    );
    const small = {
      ...(await page('small.html', `<html><body><article>${paragraph.repeat(20)}</article></body></html>`)),
    };
    const source = create({ workerHeapLimitMb: 64 });
    expect(await failureCode(source.extract(huge, createTestContext()))).toBe('limit_exceeded');
    const document = await source.extract(small, createTestContext());
    expect(document.root.children.length).toBeGreaterThan(0);
  });

  it('recycles a worker whose heap passes the soft bound, without failing the pages queued behind it', async () => {
    const source = create({ workerRecycleHeapMb: 1 });
    const file = await page(
      'recycled.html',
      `<html><body><article>${'<p>Recycled workers still answer, with commas, in time.</p>'.repeat(20)}</article></body></html>`,
    );
    const documents = await Promise.all([1, 2, 3].map(() => source.extract(file, createTestContext())));
    for (const document of documents) expect(document.root.children.length).toBeGreaterThan(0);
  });

  it('recycles workers under many concurrent pages: every page still converts', async () => {
    const source = create({ maxThreads: 2, workerRecycleHeapMb: 1 });
    const file = await page(
      'recycled-many.html',
      `<html><body><article>${'<p>Every page converts while its workers come and go, one after another.</p>'.repeat(20)}</article></body></html>`,
    );
    const pages = Array.from({ length: 12 }, () => source.extract(file, createTestContext()));
    const documents = await Promise.all(pages);
    for (const document of documents) expect(document.root.children.length).toBeGreaterThan(0);
  });

  it('resolves links against the file base URL and reports the page metadata', async () => {
    const file = await page(
      'meta.html',
      `<html lang="nl"><head><title>Fietsen in de regen</title><meta name="author" content="An de Vries"></head>
       <body><article><h1>Fietsen in de regen</h1><p>${'Regenkleding helpt, maar een goed spatbord helpt meer. '.repeat(12)}</p>
       <p><a href="tips.html">Meer tips</a> <img src="/img/fiets.jpg" alt="Een fiets in de regen"></p></article></body></html>`,
    );
    const ctx = createTestContext();
    const document = await create().extract({ ...file, baseUrl: 'https://fiets.example/blog/regen/' }, ctx);
    expect(document.metadata).toMatchObject({
      title: 'Fietsen in de regen',
      byline: 'An de Vries',
      language: 'nl',
    });
    const json = JSON.stringify(document.root);
    expect(json).toContain('https://fiets.example/blog/regen/tips.html');
    expect(json).toContain('https://fiets.example/img/fiets.jpg');
    expect(json).toContain('Een fiets in de regen');
    expect(ctx.usage.extracted_characters).toBeGreaterThan(500);
  });
});
