import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine } from '@transmute/engine';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { fixtures } from './helpers.js';

const directory = mkdtempSync(join(tmpdir(), 'paged-reading-'));
const pdfPath = join(directory, 'long.pdf');
const PAGES = 23;

/** A report with a running header and footer, a chapter heading every fifth page, body text on each. */
async function writeLongPdf(): Promise<void> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let number = 1; number <= PAGES; number += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText('Annual Report of the Paged Reading Society', { x: 72, y: 760, size: 9, font });
    let y = 700;
    if (number % 5 === 1) {
      page.drawText(`Chapter ${Math.ceil(number / 5)}`, { x: 72, y, size: 20, font: bold });
      y -= 40;
    }
    for (let line = 0; line < 8; line += 1) {
      page.drawText(`Page ${number} line ${line}: the society met and read its minutes aloud.`, {
        x: 72,
        y: y - line * 16,
        size: 11,
        font,
      });
    }
    page.drawText(`Page ${number} of ${PAGES}`, { x: 280, y: 30, size: 9, font });
  }
  writeFileSync(pdfPath, await pdf.save());
}

const engines: Engine[] = [];
function engineWith(pagesPerTask: number): Engine {
  const engine = createEngine({
    plugins: [createOcrSource({ ocr: false })],
    pagesPerTask,
    cpuWorkers: false,
  });
  engines.push(engine);
  return engine;
}

beforeAll(writeLongPdf);
afterAll(async () => {
  for (const engine of engines) await engine.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('a long PDF read in page ranges (orchestration.batch split)', () => {
  it('gives the same document and markdown as the PDF read whole', async () => {
    const file = { fileId: 'file_long', name: 'long.pdf', mediaType: 'application/pdf', path: pdfPath };
    const source = { type: 'files' as const, files: [{ ...file, sizeBytes: statSync(pdfPath).size }] };
    const output = {
      profile: 'raw_source' as const,
      format: 'markdown' as const,
      language: 'en',
      includeRawSource: false,
    };
    mkdirSync(join(directory, 'whole'));
    mkdirSync(join(directory, 'split'));
    const whole = await engineWith(1000).convert(source, output, { workDir: join(directory, 'whole') });
    const split = await engineWith(4).convert(source, output, { workDir: join(directory, 'split') });
    const markdown = (result: typeof whole): string => readFileSync(result.artifacts[0]?.path ?? '', 'utf8');
    expect(markdown(whole)).toContain('Chapter 5');
    expect(markdown(whole)).toContain('Page 23 line 7');
    expect(markdown(split)).toBe(markdown(whole));
    expect(split.document).toEqual(whole.document);
    expect(split.warnings).toEqual(whole.warnings);
    expect(split.usage).toEqual(whole.usage);
    expect(whole.usage.extracted_pages).toBe(PAGES);
  });

  it('plans one task per range of pages, whose results travel as JSON', async () => {
    const ocr = createOcrSource({ ocr: false });
    try {
      const engine = createEngine({ plugins: [ocr], cpuWorkers: false });
      engines.push(engine);
      const file = {
        name: 'long.pdf',
        mediaType: 'application/pdf',
        path: pdfPath,
        sizeBytes: statSync(pdfPath).size,
      };
      const seen: unknown[] = [];
      const split = await engine.prepare(
        { type: 'files', files: [file] },
        {
          tasks: {
            pagesPerTask: 10,
            async run(tasks) {
              seen.push(...tasks);
              const results = await Promise.all(
                tasks.map((task) => engine.runTask({ type: 'files', files: [file] }, task)),
              );
              // As stored and read back by another worker.
              return JSON.parse(JSON.stringify(results)) as typeof results;
            },
          },
        },
      );
      const whole = await engineWith(1000).prepare({ type: 'files', files: [file] });
      expect(split.document).toEqual(whole.document);
      expect(split.usage).toEqual(whole.usage);
      expect(seen).toEqual([
        { file: 0, pages: { first: 1, last: 10 } },
        { file: 0, pages: { first: 11, last: 20 } },
        { file: 0, pages: { first: 21, last: 23 } },
      ]);
    } finally {
      await ocr.close?.();
    }
  });

  it('reads a multi-page TIFF one page a task with the document of the TIFF read whole', async () => {
    const path = join(fixtures, 'multipage.tiff');
    const file = {
      fileId: 'file_tiff',
      name: 'multipage.tiff',
      mediaType: 'image/tiff',
      path,
      sizeBytes: statSync(path).size,
    };
    const ocr = createOcrSource();
    try {
      const whole = createEngine({ plugins: [ocr], pagesPerTask: 1000, cpuWorkers: false });
      const split = createEngine({ plugins: [ocr], pagesPerTask: 1, cpuWorkers: false });
      const [a, b] = [
        await whole.prepare({ type: 'files', files: [file] }),
        await split.prepare({ type: 'files', files: [file] }),
      ];
      expect(a.document.metadata.pageCount).toBe(3);
      expect(b.document).toEqual(a.document);
      expect(b.usage).toEqual(a.usage);
    } finally {
      await ocr.close?.();
    }
  });
});
