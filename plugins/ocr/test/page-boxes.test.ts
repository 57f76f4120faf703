import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import type { PageBox } from '@transmute/plugin-sdk';
import { createOcrSource } from '../src/index.js';
import { parseTsv } from '../src/internal/native-ocr-engine.js';
import { paragraphText } from '../src/internal/ocr-engine.js';
import { createTestContext, fixtures, toSourceFile } from './helpers.js';

const WIDTH = 600;
const HEIGHT = 800;

/** A two-page PDF: page 1 a paragraph in its top-left quarter, page 2 one in its bottom-right quarter. */
async function writeTwoPagePdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([WIDTH, HEIGHT]);
  // pdf-lib's y is from the bottom: 700 from the bottom is 100 from the top.
  first.drawText('Quarterly figures were read from the ledger.', { x: 60, y: 700, size: 12, font });
  first.drawText('The ledger was kept by hand in the office.', { x: 60, y: 684, size: 12, font });
  const second = doc.addPage([WIDTH, HEIGHT]);
  second.drawText('Closing note on the second page.', { x: 360, y: 150, size: 12, font });
  const path = join(createTestContext({}).ctx.workDir, 'two-pages.pdf');
  writeFileSync(path, await doc.save());
  return path;
}

function boxOn(boxes: PageBox[] | undefined, page: number): PageBox['box'] {
  const found = boxes?.find((entry) => entry.page === page)?.box;
  if (found === undefined) throw new Error(`no box on page ${page}`);
  return found;
}

describe('blocks and chunks are placed on their pages (normalized boxes, top-left origin)', () => {
  const engine = createEngine({ plugins: [createOcrSource()] });
  afterAll(() => engine.close());

  it('boxes each PDF paragraph where it was drawn, and a chunk across pages gets one box per page', async () => {
    const path = await writeTwoPagePdf();
    const { document } = await engine.prepare({
      type: 'files',
      files: [toSourceFile(path, 'application/pdf')],
    });
    const [first, second] = document.blocks ?? [];
    const top = boxOn(first?.provenance.bbox, 1);
    // x from 60/600 = 0.1; the first line's cap height near 100/800 = 0.125 from the top.
    expect(top[0]).toBeCloseTo(0.1, 2);
    expect(top[1]).toBeGreaterThan(0.09);
    expect(top[1]).toBeLessThan(0.125);
    expect(top[2]).toBeGreaterThan(0.4);
    expect(top[2]).toBeLessThan(0.8);
    // Two lines: down to just below the second baseline (116/800 = 0.145).
    expect(top[3]).toBeGreaterThan(0.145);
    expect(top[3]).toBeLessThan(0.16);
    const bottom = boxOn(second?.provenance.bbox, 2);
    expect(bottom[0]).toBeCloseTo(0.6, 2);
    expect(bottom[1]).toBeGreaterThan(0.78);
    expect(bottom[3]).toBeLessThan(0.83);

    const [chunk] = document.chunks;
    expect(document.chunks).toHaveLength(1);
    expect(chunk?.provenance).toMatchObject({ page: 1, pageEnd: 2 });
    expect(chunk?.provenance.bbox?.map((entry) => entry.page)).toEqual([1, 2]);
    expect(boxOn(chunk?.provenance.bbox, 1)).toEqual(top);
    expect(boxOn(chunk?.provenance.bbox, 2)).toEqual(bottom);
  });

  it('boxes the paragraphs of an image read by OCR inside the image', async () => {
    const { document } = await engine.prepare({
      type: 'files',
      files: [toSourceFile(join(fixtures, 'image.png'), 'image/png')],
    });
    const boxes = (document.blocks ?? []).map((block) => boxOn(block.provenance.bbox, 1));
    expect(boxes.length).toBeGreaterThan(0);
    for (const [x0, y0, x1, y1] of boxes) {
      expect(0 <= x0 && x0 < x1 && x1 <= 1).toBe(true);
      expect(0 <= y0 && y0 < y1 && y1 <= 1).toBe(true);
    }
  });

  it('reads word boxes from tesseract TSV and normalizes a paragraph’s union to the page size', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t1000\t2000\t-1\t',
      '4\t1\t1\t1\t1\t0\t100\t200\t500\t40\t-1\t',
      '5\t1\t1\t1\t1\t1\t100\t200\t200\t40\t95\tHello',
      '5\t1\t1\t1\t1\t2\t350\t205\t250\t35\t93\tworld',
      '4\t1\t1\t1\t2\t0\t100\t260\t300\t40\t-1\t',
      '5\t1\t1\t1\t2\t1\t100\t260\t300\t40\t90\tagain',
    ].join('\n');
    const [paragraph] = parseTsv(tsv).paragraphs;
    expect(paragraph === undefined ? '' : paragraphText(paragraph)).toBe('Hello world again');
    expect(paragraph?.box).toEqual([0.1, 0.1, 0.6, 0.15]);
  });
});

describe.each(['tesseract', 'tesseract.js'] as const)('scanned pages read by %s', (engine) => {
  const source = createOcrSource({ engine });
  afterAll(async () => {
    await source.close?.();
  });

  it('boxes every block inside its own page', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const document = await source.extract(
      toSourceFile(join(fixtures, 'scanned.pdf'), 'application/pdf'),
      ctx,
    );
    expect(document.root.children.length).toBeGreaterThan(0);
    for (const node of document.root.children) {
      const page = node.data?.provenance?.page ?? 0;
      const [x0, y0, x1, y1] = boxOn(node.data?.provenance?.bbox, page);
      expect(0 <= x0 && x0 < x1 && x1 <= 1).toBe(true);
      expect(0 <= y0 && y0 < y1 && y1 <= 1).toBe(true);
    }
  });
});
