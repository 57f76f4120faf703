import { open, readFile } from 'node:fs/promises';
import { TransmuteError } from '@transmute/contract';
import type { SourceFile, StageContext } from '@transmute/plugin-sdk';
import { readTiff, type ImageReading } from './extract-tiff.js';
import { imageSize, sniffKind } from './sniff.js';
import { toOcrPage } from './ocr-page.js';
import type { OcrRuntime } from './runtime.js';

export type { ImageReading } from './extract-tiff.js';

/** Resolution assumed for images that do not say (scans are usually 300 dpi). */
const ASSUMED_DPI = 300;

/** OCRs an image file: a PNG or JPEG as one page, a TIFF page by page. */
export async function readImage(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
): Promise<ImageReading> {
  // A TIFF is read page by page, never whole: only its first bytes are looked at here.
  if (sniffKind(await readHead(file.path)) === 'tiff') return readTiff(file, ctx, runtime);
  const bytes = await readFile(file.path);
  const kind = sniffKind(bytes.subarray(0, 1024));
  ctx.progress(0, 'page 1 of 1');
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
  return { pages: [toOcrPage(1, result, { dpi: ASSUMED_DPI, ctx })], ocrPages: 1, pageCount: 1 };
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
