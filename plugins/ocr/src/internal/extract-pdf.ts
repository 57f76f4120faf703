import { TransmuteError } from '@transmute/plugin-sdk';
import type { PageRange, SourceFile, StageContext } from '@transmute/plugin-sdk';
import { toOcrPage } from './ocr-page.js';
import type { PdfInfo } from './pdf-protocol.js';
import { hasUsableText } from './layout-page.js';
import { PageFailures } from './page-failures.js';
import { PdfSession } from './pdf-session.js';
import type { OcrRuntime } from './runtime.js';
import type { SourcePage } from './to-document-tree.js';

/** What reading a PDF yields before the tree is built. */
export interface PdfReading {
  info: PdfInfo;
  pages: SourcePage[];
  ocrPages: number;
}

/** Throws when the caller canceled: checked between pages. */
export function assertNotCanceled(signal: AbortSignal): void {
  if (signal.aborted) {
    throw signal.reason instanceof TransmuteError
      ? signal.reason
      : new TransmuteError('job_canceled', 'The conversion was canceled.', { cause: signal.reason });
  }
}

/** Opens a PDF and refuses one over the `maximum_pages` limit (`too_many_pages`). */
async function openWithinLimit(session: PdfSession, ctx: StageContext, readAhead?: number): Promise<PdfInfo> {
  const info = await session.open(readAhead);
  const maximum = ctx.limits['maximum_pages'] ?? 500;
  if (info.pageCount > maximum) {
    throw new TransmuteError(
      'too_many_pages',
      `The PDF has ${info.pageCount} pages; the limit is ${maximum}.`,
    );
  }
  return info;
}

/** A PDF's page count (`too_many_pages` over the limit), for splitting it into page ranges. */
export async function countPdfPages(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
): Promise<number> {
  const session = new PdfSession(runtime.conversionPool, file.path, runtime.settings.pageTimeoutMs);
  try {
    return (await openWithinLimit(session, ctx)).pageCount;
  } finally {
    await session.close();
  }
}

/**
 * Reads a PDF page by page on a pdf.js worker (every page, or those of `range`): the text layer
 * when it is usable, otherwise the page rendered at about 300 dpi and OCR'd. One page failing is a
 * warning ({@link PageFailures}); too many page failures, a dead worker or cancellation end the
 * reading.
 */
export async function readPdf(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
  range?: PageRange,
): Promise<PdfReading> {
  const { settings } = runtime;
  const session = new PdfSession(runtime.conversionPool, file.path, settings.pageTimeoutMs);
  try {
    const first = range?.first ?? 1;
    // Pages are read in order: from the first, the worker reads it with the document.
    const info = await openWithinLimit(session, ctx, first === 1 ? readAheadAt(settings) : undefined);
    const last = Math.min(range?.last ?? info.pageCount, info.pageCount);
    const count = last - first + 1;
    const pages: SourcePage[] = [];
    let ocrPages = 0;
    const failures = new PageFailures(ctx, ['corrupt_file', 'extraction_failed']);
    for (let number = first; number <= last; number += 1) {
      assertNotCanceled(ctx.signal);
      ctx.progress(Math.floor(((number - first) / count) * 100), `page ${number} of ${info.pageCount}`);
      try {
        const page = await readPage(session, number, ctx, runtime);
        if (page.confidence !== undefined) ocrPages += 1;
        pages.push(page);
      } catch (error) {
        failures.absorb(error, number);
      }
      ctx.meter('extracted_pages', 1);
    }
    ctx.progress(100, `page ${last} of ${info.pageCount}`);
    return { info, pages, ocrPages };
  } finally {
    await session.close();
  }
}

/**
 * The characters at which a page's text is usable enough for the worker to read the next page
 * ahead: without OCR no rendering ever follows, so it always may.
 */
function readAheadAt(settings: OcrRuntime['settings']): number {
  return settings.ocr ? settings.minTextCharacters : 0;
}

async function readPage(
  session: PdfSession,
  number: number,
  ctx: StageContext,
  runtime: OcrRuntime,
): Promise<SourcePage> {
  const { settings } = runtime;
  const result = await session.page({ page: number, text: true, readAhead: readAheadAt(settings) });
  const layout = result.layout ?? { page: number, blocks: [], characters: 0 };
  if (hasUsableText(layout, settings.minTextCharacters) || !settings.ocr)
    return layout.unusable === true ? { ...layout, blocks: [] } : layout;
  const rendered = await session.page({
    page: number,
    text: false,
    renderDpi: settings.renderDpi,
    maxPixels: settings.maxRenderPixels,
  });
  const image = rendered.image;
  if (image === undefined || image.blank) return layout;
  const ocr = await runtime.ocr.recognize(image.pgm, settings.ocrPageTimeoutMs);
  const page = toOcrPage(number, ocr, { dpi: image.dpi, ctx });
  // Keep the text layer's few characters when OCR found nothing better.
  return page.characters >= layout.characters || layout.unusable === true ? page : layout;
}
