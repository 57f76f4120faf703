import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeDocument } from '@transmute/engine';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, pdftotext, toSourceFile, tokenF1, toTokens } from './helpers.js';

const source = createOcrSource();
const directory = mkdtempSync(join(tmpdir(), 'page-furniture-'));
const valuesPdf = join(directory, 'repeated-values.pdf');
const runningPdf = join(directory, 'running-headers.pdf');

/** The value lines every page of the test report lists: the same shape, mostly the same values. */
const VALUE_LINES = [
  'A, B, C = 0.75, 0.00, 0.00',
  'A, B, C = 0.50, 0.25, 0.00',
  'A, B, C = 0.00, 0.00, 1.00',
  'X, Y, Z = 1.00, 0.00, 0.00',
];

/** 17 pages, each a test case whose value lines repeat page after page in the middle of the page. */
async function writeRepeatedValues(): Promise<void> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= 17; number += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Test case ${number}: mixing weights`, { x: 72, y: 700, size: 14, font });
    page.drawText(`The weights applied in run ${number} were:`, { x: 72, y: 660, size: 11, font });
    VALUE_LINES.forEach((line, index) => {
      page.drawText(line, { x: 90, y: 620 - index * 36, size: 11, font });
    });
    page.drawText(`Run ${number} finished without error.`, { x: 72, y: 440, size: 11, font });
  }
  writeFileSync(valuesPdf, await pdf.save());
}

/** Five pages with a running title at the top edge and "Page N of 5" at the bottom edge. */
async function writeRunningHeaders(): Promise<void> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const sentences = [
    'Harbour traffic rose in the spring as the new quay opened to container ships.',
    'Freight rates fell slightly while the number of calls kept climbing through May.',
    'The pilots reported fewer delays once the second tug joined the fleet in June.',
  ];
  for (let number = 1; number <= 5; number += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText('Port Authority Annual Review', { x: 72, y: 760, size: 9, font });
    page.drawText(`Chapter ${number}`, { x: 72, y: 690, size: 16, font });
    sentences.forEach((sentence, index) => {
      page.drawText(`${sentence} Section ${number}.${index + 1}.`, {
        x: 72,
        y: 650 - index * 16,
        size: 11,
        font,
      });
    });
    page.drawText(`Page ${number} of 5`, { x: 280, y: 30, size: 9, font });
  }
  writeFileSync(runningPdf, await pdf.save());
}

async function convert(path: string) {
  const { ctx, warnings } = createTestContext(source.manifest.limits);
  const extracted = await source.extract(toSourceFile(path, 'application/pdf'), ctx);
  const normalized = normalizeDocument(extracted, {
    warn: (code, detail) => warnings.push(`${code}: ${detail}`),
  });
  return { normalized, warnings };
}

beforeAll(async () => {
  await writeRepeatedValues();
  await writeRunningHeaders();
});
afterAll(async () => {
  await source.close?.();
});

describe('page furniture (issue 16: nothing real dropped)', () => {
  it('keeps value lines that repeat mid-page on all 17 pages', async () => {
    const { normalized, warnings } = await convert(valuesPdf);
    const lines = normalized.text.split('\n').filter((line) => line.startsWith('A, B, C = 0.75'));
    expect(lines).toHaveLength(17);
    expect(normalized.text.match(/X, Y, Z = 1\.00, 0\.00, 0\.00/g)).toHaveLength(17);
    expect(toTokens(normalized.text).length).toBeGreaterThanOrEqual(
      toTokens(pdftotext(valuesPdf)).length * 0.98,
    );
    expect(tokenF1(normalized.text, pdftotext(valuesPdf))).toBeGreaterThan(0.98);
    expect(warnings.filter((warning) => warning.includes('removed'))).toEqual([]);
  });

  it('removes a running title and page numbers at the page edges, counts them and names them', async () => {
    const { normalized, warnings } = await convert(runningPdf);
    expect(normalized.text).not.toContain('Port Authority Annual Review');
    expect(normalized.text).not.toMatch(/Page \d of 5/);
    expect(normalized.text.match(/Harbour traffic rose/g)).toHaveLength(5);
    expect(normalized.text.match(/Chapter \d/g)).toHaveLength(5);
    expect(normalized.metadata.facts?.['page_furniture_blocks']).toBe(10);
    const warning = warnings.find((entry) => entry.startsWith('page_furniture_removed'));
    expect(warning).toContain('Port Authority Annual Review');
    expect(warning).toContain('Page # of #');
  });
});
