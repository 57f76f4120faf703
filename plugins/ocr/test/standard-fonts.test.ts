import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, pdftotext, toPlainText, toSourceFile } from './helpers.js';

const source = createOcrSource({ ocr: false });
const path = join(mkdtempSync(join(tmpdir(), 'standard-fonts-')), 'standard-fonts.pdf');

/** One line in each kind of standard-14 font, none embedded: the reader's own tables map them. */
const LINES: [StandardFonts, string][] = [
  [StandardFonts.Helvetica, 'Checklist of the release'],
  [StandardFonts.ZapfDingbats, '✓ ✔ ✗ ★ ❤ ➔ ☎ ✈'],
  [StandardFonts.Symbol, 'αβγδ ∑ ≤ ∞ π Ω'],
  [StandardFonts.CourierBold, 'Courier bold words here'],
  [StandardFonts.TimesRomanItalic, 'Times italic “quoted” naïve café — fin'],
];

beforeAll(async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  for (const [index, [name, text]] of LINES.entries()) {
    page.drawText(text, { x: 72, y: 700 - index * 30, size: 12, font: await pdf.embedFont(name) });
  }
  writeFileSync(path, await pdf.save());
});
afterAll(async () => {
  await source.close?.();
});

describe('standard-14 fonts (issue 16: symbol and standard fonts mapped to Unicode)', () => {
  it('reads ZapfDingbats, Symbol and the text fonts as the Unicode they draw, as pdftotext does', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(path, 'application/pdf'), ctx);
    // pdftotext sets no spaces between dingbats and writes Symbol's Omega as the Ohm sign (NFKC: Ω).
    const withoutSpaces = (lines: string[]) =>
      lines.map((line) => line.replace(/\s+/g, '').normalize('NFKC'));
    const reference = pdftotext(path)
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(withoutSpaces(reference)).toEqual(withoutSpaces(LINES.map(([, text]) => text)));
    expect(toPlainText(document.root).split('\n')).toEqual(LINES.map(([, text]) => text));
  });
});
