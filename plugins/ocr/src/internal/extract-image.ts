import { readFile } from 'node:fs/promises';
import { TransmuteError } from '@transmute/contract';
import type { SourceFile, StageContext } from '@transmute/plugin-sdk';
import { imageSize, sniffKind } from './sniff.js';
import { toOcrPage } from './ocr-page.js';
import type { OcrRuntime } from './runtime.js';
import type { SourcePage } from './to-document-tree.js';

/** Resolution assumed for images that do not say (scans are usually 300 dpi). */
const ASSUMED_DPI = 300;

/** OCRs an image file (PNG, JPEG, TIFF) as one page. */
export async function readImage(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
): Promise<SourcePage> {
  ctx.progress(0, 'page 1 of 1');
  const bytes = await readFile(file.path);
  const kind = sniffKind(bytes.subarray(0, 1024));
  const size = kind === undefined ? undefined : imageSize(bytes.subarray(0, 65_536), kind);
  if (size !== undefined && size.width * size.height > runtime.settings.maxImagePixels) {
    throw new TransmuteError(
      'limit_exceeded',
      `The image has ${size.width}x${size.height} pixels; too large to OCR.`,
    );
  }
  const result = await runtime.ocr.recognize(bytes, runtime.settings.ocrPageTimeoutMs);
  ctx.meter('extracted_pages', 1);
  ctx.progress(100, 'page 1 of 1');
  return toOcrPage(1, result, { dpi: ASSUMED_DPI, ctx });
}
