import { describe, expect, it } from 'vitest';
import { SDK_VERSION, definePlugin, type SourceAdapter } from '@transmute/plugin-sdk';
import type { RootContent } from 'mdast';
import { createEngine } from '../../src/index.js';
import { build } from './prepare.js';

/** A source that reads every file as two sheets' tables, each block stamped with its sheet and range. */
const sheets = definePlugin<SourceAdapter>({
  manifest: {
    id: 'test.sheets',
    kind: 'source_adapter',
    canonicalIdentifier: 'sheets.v1',
    useCase: 'Two sheets, each one paragraph with its location.',
    mediaTypes: ['application/x-test-sheets'],
    outputFormats: [],
    costUnit: 'files',
    limits: {},
    qualityThreshold: 0,
    sdkVersion: SDK_VERSION,
  },
  health: () => Promise.resolve({ ok: true }),
  accepts: (probe) => probe.mediaType === 'application/x-test-sheets',
  extract: () => {
    const block = (text: string, sheet: string, cellRange: string): RootContent => ({
      type: 'paragraph',
      children: [{ type: 'text', value: text }],
      data: { provenance: { sheet, cellRange } },
    });
    return Promise.resolve({
      root: {
        type: 'root',
        children: [
          {
            type: 'heading',
            depth: 2,
            children: [{ type: 'text', value: 'Revenue' }],
            data: { provenance: { sheet: 'Revenue' } },
          },
          block('North sold one hundred and twenty units in the first quarter.', 'Revenue', 'A1:B3'),
        ],
      },
      metadata: { title: 'Book' },
    });
  },
});

describe('dataset records say where in a structured source they came from', () => {
  it('names the sheet (and the cell range every block of the chunk shares); other sources have null', async () => {
    const engine = createEngine({ plugins: [sheets] });
    const { document } = await engine.prepare({
      type: 'files',
      files: [
        { name: 'book.sheets', mediaType: 'application/x-test-sheets', sizeBytes: 1, path: '/dev/null' },
      ],
    });
    await engine.close();
    const records = (await build(document, 'dataset_markdown')).records;
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record).toMatchObject({ sheet: 'Revenue', slide: null, page: null });

    const plain = createEngine();
    const { document: text } = await plain.prepare({ type: 'text', content: 'Just words in a paragraph.' });
    await plain.close();
    const textRecords = (await build(text, 'dataset_markdown')).records;
    expect(textRecords.every((record) => record.sheet === null && record.cells === null)).toBe(true);
  });
});
