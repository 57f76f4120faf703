import type { PageRange, SourceFile, StageContext } from '@transmute/plugin-sdk';
import { assertNotCanceled } from './extract-pdf.js';
import { PageFailures } from './page-failures.js';
import { toOcrPage } from './ocr-page.js';
import type { OcrRuntime } from './runtime.js';
import { TiffDecoder } from './tiff-decoder.js';
import { readTiffDirectory } from './tiff-pages.js';
import type { SourcePage } from './to-document-tree.js';

/** V8 heap of the decoding worker; pixel buffers are outside it and bounded by the page limits. */
const DECODER_HEAP_MB = 256;

/** What reading an image file yields before the tree is built. */
export interface ImageReading {
  pages: SourcePage[];
  /** Pages that were OCR'd (those that failed with a warning are not). */
  ocrPages: number;
  pageCount: number;
  /**
   * A range of a TIFF none of whose pages could be read: the first page's failure, for the
   * assembly (the whole file fails only when no page of any range could be read).
   */
  failure?: { code: string; message: string };
}

/** The page count of a TIFF (its directories; `too_many_pages` over the limit). */
export async function countTiffPages(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
): Promise<number> {
  const directory = await readTiffDirectory(file.path, {
    maxPages: ctx.limits['maximum_pages'] ?? 500,
    maxPixels: runtime.settings.maxImagePixels,
  });
  return directory.pages.length;
}

/**
 * Reads every page of a TIFF (fax and scanner output often hold many): the page count and sizes
 * come from the directories, then one page at a time is decoded on a worker thread and OCR'd.
 * As for scanned PDF pages, a page that cannot be read or times out is a warning, up to a bound;
 * past it, or when no page could be read, the document fails with the page's code. With `range`,
 * only those pages are read, and a range none of whose pages could be read says so in `failure`.
 */
export async function readTiff(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
  range?: PageRange,
): Promise<ImageReading> {
  const { settings } = runtime;
  const directory = await readTiffDirectory(file.path, {
    maxPages: ctx.limits['maximum_pages'] ?? 500,
    maxPixels: settings.maxImagePixels,
  });
  const total = directory.pages.length;
  const decoder = new TiffDecoder({ timeoutMs: settings.pageTimeoutMs, maxHeapMb: DECODER_HEAP_MB });
  const pages: SourcePage[] = [];
  const failures = new PageFailures(ctx, ['corrupt_file', 'extraction_failed', 'unsupported_content']);
  const chosen = directory.pages.filter(
    (page) => range === undefined || (page.number >= range.first && page.number <= range.last),
  );
  try {
    for (const page of chosen) {
      assertNotCanceled(ctx.signal);
      ctx.progress(Math.floor(((page.number - 1) / total) * 100), `page ${page.number} of ${total}`);
      try {
        const image = await decoder.decode(file.path, page, directory.littleEndian);
        const result = await runtime.ocr.recognize(image.bytes, settings.ocrPageTimeoutMs);
        pages.push(toOcrPage(page.number, result, { dpi: image.dpi, ctx }));
      } catch (error) {
        failures.absorb(error, page.number);
      }
      ctx.meter('extracted_pages', 1);
    }
  } finally {
    await decoder.close();
  }
  const last = chosen.at(-1)?.number ?? total;
  ctx.progress(100, `page ${last} of ${total}`);
  const reading: ImageReading = { pages, ocrPages: pages.length, pageCount: total };
  if (pages.length === 0 && failures.first !== undefined) {
    // A file none of whose pages could be read fails with the reason, not as empty.
    if (range === undefined) throw failures.first;
    reading.failure = { code: failures.first.code, message: failures.first.message };
  }
  return reading;
}
