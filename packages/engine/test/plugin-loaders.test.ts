import { readFile } from 'node:fs/promises';
import { definePluginLoader, type Plugin, type PluginLoader } from '@transmute/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.js';
import { MARKDOWN, createTestPdfSource, createTestRenderer, tempFile, toSourceFile } from './helpers.js';

/** A loader that counts its loads and hands out `plugin`. */
function counted(
  options: Omit<Parameters<typeof definePluginLoader>[0], 'load'>,
  plugin: () => Plugin,
): PluginLoader & { loads: number } {
  const state = { loads: 0 };
  const loader = definePluginLoader({
    ...options,
    load: async () => {
      state.loads += 1;
      return plugin();
    },
  });
  return Object.defineProperty({ ...loader }, 'loads', { get: () => state.loads }) as PluginLoader & {
    loads: number;
  };
}

function pdfLoader(): PluginLoader & { loads: number } {
  return counted({ id: 'source.ocr', kind: 'source_adapter', mediaTypes: ['application/pdf'] }, () =>
    createTestPdfSource(),
  );
}

function rendererLoader(): PluginLoader & { loads: number } {
  return counted(
    { id: 'renderer.dataset_artifacts', kind: 'output_renderer', outputFormats: ['jsonl', 'zip'] },
    createTestRenderer,
  );
}

describe('plugin loaders', () => {
  it('converts text without loading a source or a renderer it does not need', async () => {
    const pdf = pdfLoader();
    const renderer = rendererLoader();
    const engine = createEngine({ plugins: [pdf, renderer] });
    const { artifacts } = await engine.convert({ type: 'text', content: '# Notes\n\nHello.' }, MARKDOWN);
    expect(await readFile(artifacts[0]?.path ?? '', 'utf8')).toContain('Hello.');
    expect([pdf.loads, renderer.loads]).toEqual([0, 0]);
    await engine.close();
  });

  it('loads a source once, when a file of its media type arrives, and a renderer for its format', async () => {
    const pdf = pdfLoader();
    const renderer = rendererLoader();
    const engine = createEngine({ plugins: [pdf, renderer] });
    const file = await toSourceFile(await tempFile('scan.pdf', '%PDF-1.4\n%%EOF\n'), 'application/pdf');
    const source = { type: 'files' as const, files: [file] };
    const first = await engine.convert(source, MARKDOWN);
    expect(first.document.metadata.title).toBe('Scanned');
    expect([pdf.loads, renderer.loads]).toEqual([1, 0]);
    await Promise.all([engine.convert(source, MARKDOWN), engine.inspectFile(file)]);
    await engine.convert(source, { ...MARKDOWN, format: 'jsonl' });
    expect([pdf.loads, renderer.loads]).toEqual([1, 1]);
    await engine.close();
  });

  it('answers supportsMediaType from the descriptor, families included, without loading', () => {
    const audio = counted(
      { id: 'source.audio_upload', kind: 'source_adapter', mediaTypes: ['audio/*'] },
      () => createTestPdfSource(),
    );
    const engine = createEngine({ plugins: [pdfLoader(), audio] });
    expect(engine.supportsMediaType('audio/ogg')).toBe(true);
    expect(engine.supportsMediaType('application/pdf')).toBe(true);
    expect(engine.supportsMediaType('video/mp4')).toBe(false);
    expect(audio.loads).toBe(0);
  });

  it('lists every plugin in capabilities (loading them) and refuses a loader that loads another id', async () => {
    const pdf = pdfLoader();
    const capabilities = await createEngine({ plugins: [pdf, rendererLoader()] }).capabilities();
    expect(pdf.loads).toBe(1);
    expect(capabilities.outputFormats).toEqual(['markdown', 'jsonl', 'zip']);
    expect(capabilities.fileMediaTypes).toContain('application/pdf');
    const liar = counted({ id: 'source.audio_upload', kind: 'source_adapter', mediaTypes: ['audio/*'] }, () =>
      createTestPdfSource(),
    );
    await expect(createEngine({ plugins: [liar] }).capabilities()).rejects.toThrow(
      /loader source.audio_upload \(source_adapter\) loaded source.ocr/,
    );
  });

  it('refuses two plugins with one id, loaded or not, and a descriptor with a malformed media type', () => {
    expect(() => createEngine({ plugins: [createTestPdfSource(), pdfLoader()] })).toThrow(
      /Duplicate plugin id source.ocr/,
    );
    expect(() =>
      definePluginLoader({
        id: 'source.x',
        kind: 'source_adapter',
        mediaTypes: ['pdf'],
        load: async () => createTestPdfSource(),
      }),
    ).toThrow(/media type pdf is neither/);
  });
});
