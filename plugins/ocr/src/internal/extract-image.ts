import { readFile } from 'node:fs/promises';
import type { SourceFile, StageContext } from '@transmute/plugin-sdk';
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
  const result = await runtime.ocr.recognize(bytes, runtime.settings.ocrPageTimeoutMs);
  ctx.meter('extracted_pages', 1);
  ctx.progress(100, 'page 1 of 1');
  return toOcrPage(1, result, { dpi: ASSUMED_DPI, ctx });
}
