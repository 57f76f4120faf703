import { TransmuteError } from '@transmute/plugin-sdk';
import { readFile } from 'node:fs/promises';
import type { SourceFile, StageContext } from '@transmute/plugin-sdk';
import { readTiff, type ImageReading } from './extract-tiff.js';
import { imageSize, type DocumentKind } from './sniff.js';
import { toOcrPage } from './ocr-page.js';
import type { OcrRuntime } from './runtime.js';

export type { ImageReading } from './extract-tiff.js';

/** Resolution assumed for images that do not say (scans are usually 300 dpi). */
const ASSUMED_DPI = 300;

/** OCRs an image file: a PNG or JPEG as one page, a TIFF page by page. */
export async function readImage(
  file: SourceFile,
  kind: Exclude<DocumentKind, 'pdf'>,
  ctx: StageContext,
  runtime: OcrRuntime,
): Promise<ImageReading> {
  // A TIFF is read page by page, never whole.
  if (kind === 'tiff') return readTiff(file, ctx, runtime);
  const bytes = await readFile(file.path);
  ctx.progress(0, 'page 1 of 1');
  const size = imageSize(bytes.subarray(0, 65_536), kind);
  if (size !== undefined && size.width * size.height > runtime.settings.maxImagePixels) {
    throw new TransmuteError(
      'limit_exceeded',
      `The image has ${size.width}x${size.height} pixels; too large to OCR.`,
    );
  }
  const result = await runtime.ocr.recognize(bytes, runtime.settings.ocrPageTimeoutMs);
  ctx.meter('extracted_pages', 1);
  ctx.progress(100, 'page 1 of 1');
  return { pages: [toOcrPage(1, result, { dpi: ASSUMED_DPI, ctx })], ocrPages: 1, pageCount: 1 };
}
