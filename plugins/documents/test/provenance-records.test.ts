import { stat } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import pptxgenjs from 'pptxgenjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import type { Chunk } from '@transmute/plugin-sdk';
import { createDocumentsSource } from '../src/index.js';
import { writeTemp } from './support/read-document.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
// pptxgenjs runs as ESM (its default export is the class) but is typed as CommonJS.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

describe("chunks say which slide, sheet and cell range they came from (the JSONL records' slide, sheet and cells)", () => {
  const engine = createEngine({ plugins: [createDocumentsSource()] });
  afterAll(() => engine.close());

  const chunks = async (name: string, mediaType: string, bytes: Buffer): Promise<Chunk[]> => {
    const path = await writeTemp(name, bytes);
    const { document } = await engine.prepare({
      type: 'files',
      files: [{ name, mediaType, sizeBytes: (await stat(path)).size, path }],
    });
    return document.chunks;
  };

  it("a sheet: its chunk names the sheet and the table's cell range", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Revenue').addRows([
      ['Region', 'Q1'],
      ['North', 120],
      ['South', 95],
    ]);
    const found = await chunks('book.xlsx', XLSX, Buffer.from(await workbook.xlsx.writeBuffer()));
    const north = found.find((chunk) => chunk.text.includes('North'));
    expect(north?.provenance).toMatchObject({ sheet: 'Revenue', cellRange: 'A1:B3' });
  });

  it('a chunk across two sheets names neither (it would be wrong for one of them)', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Revenue').addRows([['North', 120]]);
    workbook.addWorksheet('Costs').addRows([['Rent', 40]]);
    const found = await chunks('two.xlsx', XLSX, Buffer.from(await workbook.xlsx.writeBuffer()));
    const both = found.find((chunk) => chunk.text.includes('North') && chunk.text.includes('Rent'));
    expect(both).toBeDefined();
    expect(both?.provenance.sheet).toBeUndefined();
  });

  it('a deck: blocks name their slide, and a chunk the slide it starts in', async () => {
    const deck = new PptxGenJS();
    deck.addSlide().addText('Opening words of the first slide', { x: 1, y: 1, w: 8, h: 1 });
    deck.addSlide().addText('Closing words of the second slide', { x: 1, y: 1, w: 8, h: 1 });
    const path = await writeTemp(
      'deck.pptx',
      Buffer.from((await deck.write({ outputType: 'nodebuffer' })) as ArrayBuffer),
    );
    const { document } = await engine.prepare({
      type: 'files',
      files: [{ name: 'deck.pptx', mediaType: PPTX, sizeBytes: (await stat(path)).size, path }],
    });
    const slideOf = (words: string): number | undefined =>
      document.blocks?.find((block) =>
        document.text.slice(block.startOffset, block.endOffset).includes(words),
      )?.provenance.slide;
    expect(slideOf('Opening words')).toBe(1);
    expect(slideOf('Closing words')).toBe(2);
    expect(document.chunks.find((chunk) => chunk.text.includes('Opening'))?.provenance.slide).toBe(1);
  });
});
