import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Writes a PDF of `pages` pages with a full text layer, 50 lines a page, as `name` in a fresh
 * temporary directory and returns its path (generated at bench time, never committed). The caller
 * removes `dirname(path)`.
 */
export async function writeTextPdf(pages: number, name: string): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const line = 'Benchmark text for a long document, one of many lines on each of its many pages.';
  for (let number = 1; number <= pages; number += 1) {
    const page = doc.addPage([612, 792]);
    for (let index = 0; index < 50; index += 1)
      page.drawText(`${number}.${index} ${line}`, { x: 50, y: 750 - index * 14, size: 10, font });
  }
  const path = join(mkdtempSync(join(tmpdir(), 'pdf-bench-')), name);
  writeFileSync(path, await doc.save());
  return path;
}

/**
 * Writes a 500-page PDF (the OCR source's page limit) with a full text layer, 50 lines a page, to
 * a fresh temporary directory and returns its path: generated at bench time, never committed.
 * The caller removes `dirname(path)`.
 */
export async function writeFiveHundredPagePdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const line = 'Benchmark text for a long document, one of many lines on each of five hundred pages.';
  for (let number = 1; number <= 500; number += 1) {
    const page = doc.addPage([612, 792]);
    for (let index = 0; index < 50; index += 1)
      page.drawText(`${number}.${index} ${line}`, { x: 50, y: 750 - index * 14, size: 10, font });
  }
  const path = join(mkdtempSync(join(tmpdir(), 'pdf-bench-')), 'five-hundred-pages.pdf');
  writeFileSync(path, await doc.save());
  return path;
}
