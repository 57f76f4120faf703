import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Heading, RootContent, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import {
  characterErrorRate,
  createTestContext,
  fixtures,
  pdftotext,
  toPlainText,
  toSourceFile,
  tokenF1,
} from './helpers.js';

const source = createOcrSource();
const FILE_ID = 'file_ocrfixture0001';
afterAll(async () => {
  await source.close?.();
});

async function extract(name: string, mediaType = 'application/pdf') {
  const { ctx, warnings, meters, progress } = createTestContext(source.manifest.limits);
  const document = await source.extract(toSourceFile(join(fixtures, name), mediaType, FILE_ID), ctx);
  return { document, warnings, meters, progress };
}

function expectPageOnEveryBlock(children: RootContent[], pages: number): void {
  for (const node of children) {
    expect(node.data?.provenance?.fileId).toBe(FILE_ID);
    expect(node.data?.provenance?.page).toBeGreaterThanOrEqual(1);
    expect(node.data?.provenance?.page).toBeLessThanOrEqual(pages);
  }
}

describe('source.ocr manifest and health', () => {
  it('is exactly the spec’s plugin row', () => {
    expect(source.manifest).toEqual({
      id: 'source.ocr',
      kind: 'source_adapter',
      canonicalIdentifier: 'ocr_document.v1',
      useCase: expect.any(String),
      mediaTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'],
      outputFormats: [],
      costUnit: 'ocr_pages',
      limits: { maximum_bytes: 104857600, maximum_pages: 500, minimum_confidence: 0.7 },
      qualityThreshold: 0.7,
      sdkVersion: 1,
    });
  });

  it('is healthy when pdf.js loads and the English OCR data ships', async () => {
    await expect(source.health()).resolves.toMatchObject({ ok: true });
  });

  it('checks health without loading pdf.js into the calling thread (its polyfills would slow it)', async () => {
    await source.health();
    expect('pdfjsLib' in globalThis).toBe(false);
  });

  it('reports OCR languages whose data does not ship as unhealthy', async () => {
    const klingon = createOcrSource({ languages: ['tlh'] });
    await expect(klingon.health()).resolves.toMatchObject({
      ok: false,
      detail: expect.stringContaining('tlh'),
    });
  });

  it('accepts PDFs and images by media type or magic bytes only', () => {
    const head = (text: string) => new TextEncoder().encode(text);
    expect(source.accepts({ mediaType: 'application/pdf', name: 'a.pdf', head: head('%PDF-1.7') })).toBe(
      true,
    );
    expect(source.accepts({ mediaType: 'application/octet-stream', name: 'a', head: head('%PDF-1.4') })).toBe(
      true,
    );
    expect(source.accepts({ mediaType: 'text/plain', name: 'a.txt', head: head('hello') })).toBe(false);
  });
});

describe('born-digital PDFs (text layer)', () => {
  for (const name of ['two-column.pdf', 'report-table.pdf', 'french.pdf']) {
    it(`${name}: token F1 against pdftotext is at least 0.95 and every block has its page`, async () => {
      const { document, meters } = await extract(name);
      const path = join(fixtures, name);
      expect(tokenF1(toPlainText(document.root), pdftotext(path))).toBeGreaterThanOrEqual(0.95);
      expectPageOnEveryBlock(document.root.children, document.metadata.pageCount ?? 0);
      expect(meters.extracted_pages).toBe(document.metadata.pageCount);
      expect(meters.extracted_characters).toBeGreaterThan(100);
    });
  }

  it('reads the values filled into a form’s text and choice fields beside their labels', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const form = doc.getForm();
    page.drawText('Application for a library card', { x: 72, y: 720, size: 18, font });
    const rows = [
      ['Full name:', 'Ada Lovelace'],
      ['City:', 'London'],
      ['Member since:', '1843'],
    ] as const;
    rows.forEach(([label, value], index) => {
      const y = 660 - index * 30;
      page.drawText(label, { x: 72, y, size: 11, font });
      const field = form.createTextField(`field${String(index)}`);
      field.setText(value);
      field.addToPage(page, { x: 180, y: y - 6, width: 200, height: 20, font });
    });
    const country = form.createDropdown('country');
    country.addOptions(['France', 'United Kingdom']);
    country.select('United Kingdom');
    page.drawText('Country:', { x: 72, y: 560, size: 11, font });
    country.addToPage(page, { x: 180, y: 554, width: 150, height: 20, font });
    form.createTextField('empty').addToPage(page, { x: 180, y: 500, width: 200, height: 20, font });
    const path = join(createTestContext({}).ctx.workDir, 'form.pdf');
    writeFileSync(path, await doc.save());
    const { ctx } = createTestContext(source.manifest.limits);
    const text = toPlainText((await source.extract(toSourceFile(path, 'application/pdf'), ctx)).root);
    for (const [label, value] of rows) expect(text).toContain(`${label} ${value}`);
    expect(text).toContain('United Kingdom');
    expect(text).not.toContain('France');
    expect(tokenF1(text, pdftotext(path))).toBeGreaterThanOrEqual(0.95);
  });

  it('leaves out running headers and page-number footers, but not the title they repeat', async () => {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    for (let number = 1; number <= 5; number += 1) {
      const page = doc.addPage([612, 792]);
      page.drawText('Transmute Annual Report 2026', { x: 72, y: 750, size: 9, font: regular });
      if (number === 1)
        page.drawText('Transmute Annual Report 2026', { x: 72, y: 700, size: 24, font: bold });
      for (let index = 0; index < 12; index += 1) {
        const text = `Page ${String(number)} line ${String(index)} reports on the year in some detail.`;
        page.drawText(text, { x: 72, y: 650 - index * 14, size: 11, font: regular });
      }
      page.drawText(`Page ${String(number)} of 5`, { x: 280, y: 40, size: 9, font: regular });
    }
    const path = join(createTestContext({}).ctx.workDir, 'furniture.pdf');
    writeFileSync(path, await doc.save());
    const { ctx } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(path, 'application/pdf'), ctx);
    const text = toPlainText(document.root);
    expect(text.match(/Transmute Annual Report 2026/g)).toHaveLength(1);
    expect(document.root.children[0]).toMatchObject({ type: 'heading', depth: 1 });
    expect(text).not.toMatch(/Page \d of 5/);
    for (let number = 1; number <= 5; number += 1)
      expect(text).toContain(`Page ${String(number)} line 11 reports`);
    expect(document.metadata.facts).toMatchObject({ page_furniture_blocks: 10 });
  });

  it('lays out a page set sideways or upside down (/Rotate) along its text, as if it were upright', async () => {
    const folder = createTestContext({}).ctx.workDir;
    for (const name of ['two-column.pdf', 'report-table.pdf']) {
      const upright = toPlainText((await extract(name)).document.root);
      for (const angle of [90, 180, 270]) {
        const doc = await PDFDocument.load(readFileSync(join(fixtures, name)));
        for (const page of doc.getPages()) page.setRotation(degrees(angle));
        const turned = join(folder, `${String(angle)}-${name}`);
        writeFileSync(turned, await doc.save());
        const { ctx } = createTestContext(source.manifest.limits);
        const document = await source.extract(toSourceFile(turned, 'application/pdf'), ctx);
        expect(toPlainText(document.root), `${name} at ${String(angle)}°`).toBe(upright);
      }
    }
  });

  it('reads two columns in order, with headings from font size and weight, rejoined paragraphs and metadata', async () => {
    const { document, progress } = await extract('two-column.pdf');
    expect(document.metadata).toMatchObject({
      title: 'Reading Order in Two Columns',
      author: 'Transmute Fixtures',
      pageCount: 2,
      language: 'en',
    });
    const headings = document.root.children.filter((node): node is Heading => node.type === 'heading');
    expect(headings.map((node) => [node.depth, toString(node)])).toEqual([
      [1, 'Reading Order in Two Columns'],
      [2, 'Section 1'],
      [2, 'Section 2'],
      [2, 'Section 3'],
      [2, 'Section 4'],
    ]);
    expect(headings.map((node) => node.data?.provenance?.page)).toEqual([1, 1, 1, 2, 2]);
    const expected = readFileSync(join(fixtures, 'two-column.expected.txt'), 'utf8').trim().split('\n');
    expect(document.root.children.map((node) => toString(node))).toEqual(expected);
    expect(progress).toContain('page 2 of 2');
  });

  it('turns an aligned layout into a table with typed data', async () => {
    const { document } = await extract('report-table.pdf');
    const table = document.root.children.find((node): node is Table => node.type === 'table');
    expect(table?.data?.table).toEqual({
      columns: ['Region', 'Revenue', 'Units', 'Growth'],
      rows: [
        ['North', '12,400', '310', '4%'],
        ['South', '9,850', '242', '7%'],
        ['East', '15,020', '388', '2%'],
        ['West', '11,730', '295', '5%'],
      ],
      origin: 'pdf',
    });
    expect(table?.children).toHaveLength(5);
  });

  it('detects the language of a non-English document', async () => {
    const { document } = await extract('french.pdf');
    expect(document.metadata.language).toBe('fr');
    expect(toPlainText(document.root)).toContain('sécurité des données');
  });
});

describe('scans and images (OCR)', () => {
  const known = readFileSync(join(fixtures, 'known-text.expected.txt'), 'utf8');

  // The scanned PDF is read with each OCR engine in engines.test.ts.
  for (const [name, mediaType] of [
    ['image.png', 'image/png'],
    ['image.jpg', 'image/jpeg'],
    ['image.tiff', 'image/tiff'],
    // Stored turned a quarter, with EXIF orientation 6 (as phones store photos).
    ['exif-rotated.jpg', 'image/jpeg'],
    // Scanned upside down, no metadata: read badly, then again turned.
    ['upside-down.png', 'image/png'],
    // Tilted 8 degrees: nothing found, then straightened.
    ['tilted.png', 'image/png'],
    // Lines 10 px high: read badly, then again enlarged.
    ['small-text.png', 'image/png'],
  ] as const) {
    it(`OCRs ${name} with a CER of at most 5 %`, async () => {
      const { document, meters } = await extract(name, mediaType);
      expect(characterErrorRate(toPlainText(document.root), known)).toBeLessThanOrEqual(0.05);
      expectPageOnEveryBlock(document.root.children, 1);
      expect(meters.extracted_pages).toBe(1);
    });
  }
});

describe('confidence, limits and worker recycling', () => {
  it('fails an image of noise with a low-quality code instead of returning garbage', async () => {
    const { ctx, warnings } = createTestContext(source.manifest.limits);
    const error = await source
      .extract(toSourceFile(join(fixtures, 'noise.png'), 'image/png'), ctx)
      .catch((caught: unknown) => caught);
    expect(['quality_below_threshold', 'empty_content']).toContain((error as { code?: string }).code);
    for (const warning of warnings) expect(warning).toMatch(/^ocr_low_confidence: /);
  });

  it('refuses a file over maximum_bytes', async () => {
    const file = { ...toSourceFile(join(fixtures, 'french.pdf'), 'application/pdf'), sizeBytes: 104857601 };
    await expect(source.inspect?.(file, new AbortController().signal)).resolves.toMatchObject({
      ok: false,
      code: 'source_too_large',
    });
    const { ctx } = createTestContext(source.manifest.limits);
    await expect(source.extract(file, ctx)).rejects.toMatchObject({ code: 'source_too_large' });
  });

  it('replaces a worker past its memory bound between pages and still reads every page', async () => {
    const frugal = createOcrSource({ workerRecycleHeapBytes: 1, poolSize: 1 });
    try {
      const { ctx } = createTestContext(frugal.manifest.limits);
      const document = await frugal.extract(
        toSourceFile(join(fixtures, 'two-column.pdf'), 'application/pdf'),
        ctx,
      );
      const expected = readFileSync(join(fixtures, 'two-column.expected.txt'), 'utf8').trim().split('\n');
      expect(document.root.children.map((node) => toString(node))).toEqual(expected);
    } finally {
      await frugal.close?.();
    }
  });
});

describe('hostile and oversized files', () => {
  let tooLong = '';
  beforeAll(async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let index = 1; index <= 600; index += 1)
      doc.addPage([200, 200]).drawText(`Page ${index}`, { x: 20, y: 100, size: 12, font });
    tooLong = join(createTestContext({}).ctx.workDir, 'six-hundred-pages.pdf');
    writeFileSync(tooLong, await doc.save());
  });

  it('refuses a 600-page PDF at validation with too_many_pages', async () => {
    const file = toSourceFile(tooLong, 'application/pdf');
    await expect(source.inspect?.(file, new AbortController().signal)).resolves.toMatchObject({
      ok: false,
      code: 'too_many_pages',
    });
    const { ctx } = createTestContext(source.manifest.limits);
    await expect(source.extract(file, ctx)).rejects.toMatchObject({ code: 'too_many_pages' });
  });

  for (const [name, code] of [
    ['encrypted.pdf', 'encrypted_document'],
    ['truncated.pdf', 'corrupt_file'],
  ] as const) {
    it(`fails ${name} with ${code}, at validation and at extraction`, async () => {
      const file = toSourceFile(join(fixtures, name), 'application/pdf');
      await expect(source.inspect?.(file, new AbortController().signal)).resolves.toMatchObject({
        ok: false,
        code,
      });
      const { ctx } = createTestContext(source.manifest.limits);
      await expect(source.extract(file, ctx)).rejects.toMatchObject({ code });
    });
  }

  it('fails a truncated image with corrupt_file and a giant one with limit_exceeded, then still works', async () => {
    const folder = createTestContext({}).ctx.workDir;
    const truncated = join(folder, 'truncated.png');
    writeFileSync(truncated, readFileSync(join(fixtures, 'image.png')).subarray(0, 30_000));
    const giant = join(folder, 'giant.png');
    const header = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(header);
    header.write('IHDR', 12, 'latin1');
    header.writeUInt32BE(60_000, 16);
    header.writeUInt32BE(60_000, 20);
    writeFileSync(giant, header);
    const { ctx } = createTestContext(source.manifest.limits);
    await expect(source.extract(toSourceFile(truncated, 'image/png'), ctx)).rejects.toMatchObject({
      code: 'corrupt_file',
    });
    await expect(source.extract(toSourceFile(giant, 'image/png'), ctx)).rejects.toMatchObject({
      code: 'limit_exceeded',
    });
    await expect(
      source.inspect?.(toSourceFile(giant, 'image/png'), new AbortController().signal),
    ).resolves.toMatchObject({
      ok: false,
      code: 'limit_exceeded',
    });
    const { document } = await extract('image.png', 'image/png');
    expect(document.root.children.length).toBeGreaterThan(0);
  });

  it('fails a file that is no PDF or image with corrupt_file', async () => {
    const file = toSourceFile(join(fixtures, 'known-text.expected.txt'), 'application/pdf');
    await expect(source.inspect?.(file, new AbortController().signal)).resolves.toMatchObject({
      ok: false,
      code: 'corrupt_file',
    });
  });

  it('passes a cheap inspection of a good PDF with its page count', async () => {
    const file = toSourceFile(join(fixtures, 'two-column.pdf'), 'application/pdf');
    await expect(source.inspect?.(file, new AbortController().signal)).resolves.toMatchObject({
      ok: true,
      facts: { pages: 2 },
    });
  });

  it('stops at the time limit with timeout and keeps working afterwards', async () => {
    const hasty = createOcrSource({ pageTimeoutMs: 1 });
    const { ctx } = createTestContext(hasty.manifest.limits);
    await expect(
      hasty.extract(toSourceFile(join(fixtures, 'two-column.pdf'), 'application/pdf'), ctx),
    ).rejects.toMatchObject({
      code: 'timeout',
    });
    await hasty.close?.();
    const again = await extract('french.pdf');
    expect(again.document.root.children.length).toBeGreaterThan(0);
  });

  it('stops between pages when canceled', async () => {
    const controller = new AbortController();
    const { ctx } = createTestContext(source.manifest.limits, controller.signal);
    const progress = ctx.progress;
    ctx.progress = (percent, detail) => {
      progress(percent, detail);
      if (detail === 'page 1 of 2') controller.abort();
    };
    await expect(
      source.extract(toSourceFile(join(fixtures, 'two-column.pdf'), 'application/pdf'), ctx),
    ).rejects.toMatchObject({
      code: 'job_canceled',
    });
  });
});
