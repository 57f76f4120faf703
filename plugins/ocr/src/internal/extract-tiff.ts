import type { SourceFile, StageContext } from '@transmute/plugin-sdk';
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
}

/**
 * Reads every page of a TIFF (fax and scanner output often hold many): the page count and sizes
 * come from the directories, then one page at a time is decoded on a worker thread and OCR'd.
 * As for scanned PDF pages, a page that cannot be read or times out is a warning, up to a bound;
 * past it, or when no page could be read, the document fails with the page's code.
 */
export async function readTiff(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
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
  try {
    for (const page of directory.pages) {
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
  // A file none of whose pages could be read fails with the reason, not as empty.
  if (pages.length === 0 && failures.first !== undefined) throw failures.first;
  ctx.progress(100, `page ${total} of ${total}`);
  return { pages, ocrPages: pages.length, pageCount: total };
}
