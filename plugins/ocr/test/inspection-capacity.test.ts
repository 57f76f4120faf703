import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type PipelineProgress } from '@transmute/engine';
import { createOcrSource } from '../src/index.js';
import { createTestContext, fixtures, toSourceFile } from './helpers.js';

const CONVERSION_WORKERS = 2;
const PAGES = 500;

/** A 500-page PDF with a full text layer: minutes of work for the conversion pool, none for inspection. */
async function writeLongPdf(path: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const line = 'A long document keeps its worker for every one of its pages, one line among many.';
  for (let number = 1; number <= PAGES; number += 1) {
    const page = doc.addPage([612, 792]);
    for (let index = 0; index < 50; index += 1)
      page.drawText(`${number}.${index} ${line}`, { x: 50, y: 750 - index * 14, size: 10, font });
  }
  writeFileSync(path, await doc.save());
}

/**
 * A conversion of `path` through the engine. `started` resolves once it has opened its document
 * (it holds a conversion worker from then on); `lastPage` once it reports its last page, which
 * comes before it gives its worker back (normalization and chunking follow without one).
 */
function startConversion(engine: ReturnType<typeof createEngine>, path: string) {
  const controller = new AbortController();
  let opened = (): void => undefined;
  let readAll = (): void => undefined;
  const started = new Promise<void>((resolve) => (opened = resolve));
  const lastPage = new Promise<void>((resolve) => (readAll = resolve));
  const onProgress = (progress: PipelineProgress): void => {
    if (progress.stage !== 'extraction' || progress.detail?.startsWith('page ') !== true) return;
    opened();
    if (progress.detail === `page ${String(PAGES)} of ${String(PAGES)}`) readAll();
  };
  const done = engine.prepare(
    { type: 'files', files: [toSourceFile(path, 'application/pdf')] },
    { signal: controller.signal, onProgress },
  );
  // Observed here: the test aborts the conversions once it has its answer.
  done.catch(() => undefined);
  return { started, lastPage, done, abort: () => controller.abort() };
}

describe('upload inspection on pdf.js workers of its own', () => {
  const ocr = createOcrSource({ poolSize: CONVERSION_WORKERS });
  const engine = createEngine({ plugins: [ocr] });
  let longPdf = '';
  beforeAll(async () => {
    longPdf = join(createTestContext({}).ctx.workDir, 'five-hundred-pages.pdf');
    await writeLongPdf(longPdf);
  });
  afterAll(async () => {
    await engine.close();
  });

  it('inspects a PDF before any conversion has read its last page', { timeout: 300_000 }, async () => {
    const upload = toSourceFile(join(fixtures, 'two-column.pdf'), 'application/pdf');
    // Loading pdf.js takes a second: a warm validation worker keeps the race about waiting alone.
    await expect(engine.inspectFile(upload)).resolves.toMatchObject({ ok: true });
    const conversions = Array.from({ length: CONVERSION_WORKERS }, () => startConversion(engine, longPdf));
    try {
      await Promise.all(conversions.map((conversion) => conversion.started));
      const inspection = engine.inspectFile(upload);
      const first = await Promise.race([
        inspection.then(() => 'inspection'),
        ...conversions.map((conversion) => conversion.lastPage.then(() => 'a conversion read its last page')),
      ]);
      expect(first).toBe('inspection');
      await expect(inspection).resolves.toMatchObject({ ok: true, facts: { pages: 2 } });
    } finally {
      for (const conversion of conversions) conversion.abort();
      await Promise.allSettled(conversions.map((conversion) => conversion.done));
    }
  });

  it('refuses a PDF at validation past its own time limit, while conversions keep theirs', async () => {
    // 1 ms: no worker opens a document that fast, so only the time limit can answer.
    const hasty = createOcrSource({ inspectionTimeoutMs: 1 });
    try {
      const upload = toSourceFile(join(fixtures, 'two-column.pdf'), 'application/pdf');
      await expect(hasty.inspect?.(upload, new AbortController().signal)).resolves.toMatchObject({
        ok: false,
        code: 'timeout',
      });
      const document = await hasty.extract(upload, createTestContext(hasty.manifest.limits).ctx);
      expect(document.metadata.pageCount).toBe(2);
    } finally {
      await hasty.close?.();
    }
  });
});
