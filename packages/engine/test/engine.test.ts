import { readFile, readdir } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OUTPUT_PROFILES, TransmuteError } from '@transmute/contract';
import { SDK_VERSION } from '@transmute/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { createEngine, type PipelineProgress } from '../src/index.js';
import {
  MARKDOWN,
  createMemoryCheckpoints,
  createTestPdfSource,
  createTestRenderer,
  fixturePath,
  tempFile,
  toSourceFile,
} from './helpers.js';

const CASES: [string, string][] = [
  ['markdown-article/input.md', 'text/markdown'],
  ['plain-report/input.txt', 'text/plain'],
  ['csv-dataset/input.csv', 'text/csv'],
  ['json-records/input.json', 'application/json'],
  ['ndjson-log/input.ndjson', 'application/x-ndjson'],
  ['non-english-article/input.md', 'text/markdown'],
];

describe('engine.convert', () => {
  const engine = createEngine();

  it.each(CASES)('converts %s to every profile as markdown', async (path, mediaType) => {
    const file = await toSourceFile(fixturePath(path), mediaType, 'file_abcdefghijkl');
    const prepared = await engine.prepare({ type: 'files', files: [file] });
    expect(prepared.document.chunks.length).toBeGreaterThan(0);
    expect(prepared.usage.input_bytes).toBe(file.sizeBytes);
    expect(prepared.usage.extracted_characters).toBe(prepared.document.text.length);
    expect(prepared.document.chunks[0]?.provenance.fileId).toBe('file_abcdefghijkl');
    for (const profile of OUTPUT_PROFILES) {
      const { artifacts } = await engine.render(prepared.document, { ...MARKDOWN, profile });
      const [artifact] = artifacts;
      if (!artifact) throw new Error('no artifact');
      const content = await readFile(artifact.path);
      expect(artifact).toMatchObject({
        name: `${profile}.md`,
        mediaType: 'text/markdown',
        sizeBytes: content.length,
      });
      expect(artifact.sha256).toBe(createHash('sha256').update(content).digest('hex'));
      expect(content.toString('utf8').trim().length).toBeGreaterThan(0);
    }
  });

  it('fails whitespace-only input with empty_content and writes nothing', async () => {
    const workDir = await mkdtemp(join(tmpdir(), 'engine-empty-'));
    const file = await toSourceFile(fixturePath('whitespace-only/input.txt'), 'text/plain');
    await expect(
      engine.convert({ type: 'files', files: [file] }, MARKDOWN, { workDir }),
    ).rejects.toMatchObject({ code: 'empty_content' });
    await expect(
      engine.convert({ type: 'text', content: ' \n\t\n ' }, MARKDOWN, { workDir }),
    ).rejects.toMatchObject({ code: 'empty_content' });
    expect(await readdir(workDir)).toEqual([]);
  });

  it('renders a document stored without chunks or blocks', async () => {
    const { document: prepared } = await engine.prepare({ type: 'text', content: 'Plain words only.' });
    const { blocks: _blocks, ...withoutBlocks } = prepared;
    const document = { ...withoutBlocks, chunks: [] };
    const { artifacts } = await engine.render(document, { ...MARKDOWN, profile: 'dataset_markdown' });
    const markdown = await readFile(artifacts[0]?.path ?? '', 'utf8');
    expect(markdown).toContain('Plain words only.');
    expect(markdown).toContain(prepared.chunks[0]?.id);
  });

  it('reports monotonic progress that reaches 100 only at the end', async () => {
    const events: PipelineProgress[] = [];
    await engine.convert({ type: 'text', content: '# T\n\nSome text here.' }, MARKDOWN, {
      onProgress: (event) => events.push(event),
    });
    const percents = events.map((event) => event.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.filter((percent) => percent === 100)).toHaveLength(1);
    expect(events.at(-1)?.percent).toBe(100);
    expect(new Set(events.map((event) => event.stage))).toEqual(
      new Set(['source_acquisition', 'extraction', 'normalization', 'chunking', 'rendering', 'packaging']),
    );
  });

  it('stops at the next check point when aborted and produces nothing', async () => {
    const workDir = await mkdtemp(join(tmpdir(), 'engine-abort-'));
    const controller = new AbortController();
    const reason = new Error('canceled by test');
    const run = engine.convert({ type: 'text', content: '# T\n\nText.' }, MARKDOWN, {
      workDir,
      signal: controller.signal,
      onProgress: (event) => {
        if (event.stage === 'chunking') controller.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    expect(await readdir(workDir)).toEqual([]);
    const aborted = AbortSignal.abort();
    await expect(
      engine.convert({ type: 'text', content: 'x' }, MARKDOWN, { signal: aborted }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('saves checkpoints and resumes after the latest one', async () => {
    const checkpoints = createMemoryCheckpoints();
    const first = await engine.prepare({ type: 'text', content: '# Resume\n\nBody text.' }, { checkpoints });
    expect([...checkpoints.saved.keys()]).toEqual(['extraction', 'chunking']);
    const missing = {
      type: 'files' as const,
      files: [{ name: 'gone.txt', mediaType: 'text/plain', sizeBytes: 3, path: '/nonexistent/gone.txt' }],
    };
    const resumed = await engine.prepare(missing, { checkpoints });
    expect(resumed.document).toEqual(first.document);
    expect(resumed.usage).toEqual(first.usage);
    checkpoints.saved.delete('chunking');
    const fromExtraction = await engine.prepare(missing, { checkpoints });
    expect(fromExtraction.document.text).toBe(first.document.text);
  });

  it('downloads url sources (private networks allowed by the operator) and reads them', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' });
      response.end('# Served\n\nA page served over loopback for the engine test.\n');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const url = `http://127.0.0.1:${port}/notes.md`;
      const local = createEngine({ allowPrivateNetworks: true });
      const { document, usage } = await local.prepare({ type: 'url', url });
      expect(document.text).toBe('# Served\n\nA page served over loopback for the engine test.');
      expect(document.metadata.sourceUrl).toBe(url);
      expect(usage.input_bytes).toBeGreaterThan(0);
      await expect(engine.prepare({ type: 'url', url })).rejects.toMatchObject({ code: 'source_blocked' });
    } finally {
      server.close();
    }
  });

  it('concatenates several files with a heading per file and fileId provenance', async () => {
    const a = await toSourceFile(fixturePath('csv-dataset/input.csv'), 'text/csv', 'file_aaaaaaaaaaaa');
    const b = await toSourceFile(
      fixturePath('non-english-article/input.md'),
      'text/markdown',
      'file_bbbbbbbbbbbb',
    );
    const { document } = await engine.prepare({ type: 'files', files: [a, b] });
    const headings = document.root.children.filter((node) => node.type === 'heading' && node.depth === 1);
    expect(headings).toHaveLength(2);
    expect(document.blocks?.find((block) => block.type === 'table')?.provenance.fileId).toBe(
      'file_aaaaaaaaaaaa',
    );
    expect(document.chunks.at(-1)?.provenance.fileId).toBe('file_bbbbbbbbbbbb');
    expect(document.metadata.facts).toEqual({ files: 2 });
  });

  it('reads a file declared as configuration (application/yaml) as a code block, not as unsupported', async () => {
    const yaml = await toSourceFile(
      await tempFile('settings', Buffer.from('server:\n  port: 8080\n  hosts:\n    - a\n')),
      'application/yaml',
    );
    expect(engine.supportsMediaType('application/yaml')).toBe(true);
    const { document } = await engine.prepare({ type: 'files', files: [yaml] });
    expect(document.root.children).toMatchObject([
      { type: 'code', lang: 'yaml', value: 'server:\n  port: 8080\n  hosts:\n    - a' },
    ]);
  });

  it('reads XML that no source recognises as an xml block, from a file or an upload check alike', async () => {
    const bytes = Buffer.from(
      '<?xml version="1.0"?>\n<project>\n  <artifactId>demo</artifactId>\n</project>\n',
    );
    const pom = await toSourceFile(await tempFile('pom', bytes), 'text/xml');
    expect(engine.supportsMediaType('application/xml')).toBe(true);
    expect(await engine.inspectFile(pom)).toEqual({ ok: true, warnings: [] });
    const { document } = await engine.prepare({ type: 'files', files: [pom] });
    expect(document.root.children).toMatchObject([
      { type: 'code', lang: 'xml', value: bytes.toString().trimEnd() },
    ]);
  });

  it('refuses content no reader supports and content that contradicts its declared type', async () => {
    const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
    const pdf = await toSourceFile(await tempFile('doc.pdf', pdfBytes), 'application/pdf');
    await expect(engine.prepare({ type: 'files', files: [pdf] })).rejects.toMatchObject({
      code: 'unsupported_content',
    });
    const lying = await toSourceFile(await tempFile('doc.txt', pdfBytes), 'text/plain');
    await expect(engine.prepare({ type: 'files', files: [lying] })).rejects.toMatchObject({
      code: 'media_type_mismatch',
    });
    await expect(
      engine.render((await engine.prepare({ type: 'text', content: 'Hi there.' })).document, {
        ...MARKDOWN,
        format: 'jsonl',
      }),
    ).rejects.toMatchObject({
      code: 'unsupported_content',
    });
  });

  it('routes to source plugins and renderers, metering pages and marking transcription', async () => {
    const withPlugins = createEngine({
      plugins: [createTestPdfSource(), createTestRenderer()],
      limits: { 'source.ocr': { maximum_pages: 9 } },
    });
    const pdf = await toSourceFile(
      await tempFile('scan.pdf', Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1')),
      'application/pdf',
    );
    const events: PipelineProgress[] = [];
    const result = await withPlugins.convert(
      { type: 'files', files: [pdf] },
      { ...MARKDOWN, format: 'jsonl' },
      { onProgress: (event) => events.push(event) },
    );
    expect(result.usage.extracted_pages).toBe(2);
    expect(result.document.chunks[0]?.provenance.page).toBe(1);
    expect(events.some((event) => event.stage === 'transcription')).toBe(true);
    expect(result.artifacts[0]?.name).toBe('raw_source.jsonl');
    expect(await withPlugins.inspectFile(pdf)).toEqual({ ok: true, warnings: [], facts: { pages: 2 } });
    expect(withPlugins.supportsMediaType('application/pdf')).toBe(true);
    expect(withPlugins.supportsMediaType('text/csv; charset=utf-8')).toBe(true);
    expect(engine.supportsMediaType('application/pdf')).toBe(false);
  });

  it('keeps the failure code a plugin’s inspect() throws, and maps anything else to a failure', async () => {
    const pdf = await toSourceFile(
      await tempFile('thrown.pdf', Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1')),
      'application/pdf',
    );
    const inspectWith = (error: Error) =>
      createEngine({ plugins: [createTestPdfSource({ inspectThrows: error })] }).inspectFile(pdf);
    expect(await inspectWith(new TransmuteError('too_many_pages', 'The PDF has 900 pages.'))).toEqual({
      ok: false,
      code: 'too_many_pages',
      detail: 'The PDF has 900 pages.',
    });
    expect(await inspectWith(new TransmuteError('internal_error', 'A bug.'))).toMatchObject({
      ok: false,
      code: 'extraction_failed',
    });
    expect(await inspectWith(new Error('Unexpected end of data'))).toMatchObject({
      ok: false,
      code: 'corrupt_file',
      detail: 'Unexpected end of data',
    });
  });
});

describe('createEngine', () => {
  it('rejects duplicate plugin ids and other SDK versions with clear errors', () => {
    expect(() => createEngine({ plugins: [createTestPdfSource(), createTestPdfSource()] })).toThrow(
      /Duplicate plugin id source\.ocr/,
    );
    const old = {
      ...createTestPdfSource(),
      manifest: { ...createTestPdfSource().manifest, sdkVersion: SDK_VERSION + 1 },
    };
    expect(() => createEngine({ plugins: [old] })).toThrow(/source\.ocr was built for plugin SDK version 2/);
  });

  it('reports capabilities with real plugin health', async () => {
    const engine = createEngine({ plugins: [createTestPdfSource({ healthy: false }), createTestRenderer()] });
    const capabilities = await engine.capabilities();
    expect(capabilities.plugins.map((plugin) => [plugin.id, plugin.status])).toEqual([
      ['source.ocr', 'disabled'],
      ['renderer.dataset_artifacts', 'general_availability'],
    ]);
    expect(capabilities.plugins[0]).toMatchObject({
      canonical_identifier: 'test.v1',
      cost_unit: 'input_bytes',
      limits: { maximum_pages: 5 },
    });
    expect(capabilities.fileMediaTypes).not.toContain('application/pdf');
    expect(capabilities.fileMediaTypes).toContain('text/csv');
    expect(capabilities.outputFormats).toEqual(['markdown', 'jsonl', 'zip']);
    expect(capabilities.languages).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es']));
    expect((await createEngine().capabilities()).outputFormats).toEqual(['markdown']);
  });

  it("reports the installation's surfaces for every plugin: api by default, api always", async () => {
    const plugins = [createTestPdfSource(), createTestRenderer()];
    const surfacesOf = async (engine: ReturnType<typeof createEngine>) =>
      (await engine.capabilities()).plugins.map((plugin) => plugin.surfaces);
    expect(await surfacesOf(createEngine({ plugins }))).toEqual([['api'], ['api']]);
    expect(await surfacesOf(createEngine({ plugins, surfaces: ['mcp', 'cli', 'cli'] }))).toEqual([
      ['api', 'cli', 'mcp'],
      ['api', 'cli', 'mcp'],
    ]);
  });

  it('inspects text uploads: binary content declared as text is rejected', async () => {
    const engine = createEngine();
    const ok = await toSourceFile(fixturePath('csv-dataset/input.csv'), 'text/csv');
    expect(await engine.inspectFile(ok)).toEqual({ ok: true, warnings: [] });
    const png = await toSourceFile(
      await tempFile('x.csv', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')),
      'text/csv',
    );
    expect(await engine.inspectFile(png)).toMatchObject({ ok: false, code: 'media_type_mismatch' });
    const latin1 = await toSourceFile(
      await tempFile('l.txt', Buffer.from('caf\xe9 cr\xe8me', 'latin1')),
      'text/plain',
    );
    // The encoding is decided, and warned about, when the whole text is decoded.
    expect(await engine.inspectFile(latin1)).toEqual({ ok: true, warnings: [] });
    const { document, warnings } = await engine.prepare({ type: 'files', files: [latin1] });
    expect(document.text).toBe('café crème');
    expect(warnings).toEqual([expect.stringMatching(/^encoding_guessed: decoded as windows-1252/)]);
  });
});
