import { open } from 'node:fs/promises';
import {
  checkByteLimit,
  resolveByteLimit,
  toFailedInspection,
  type FileInspection,
  type SourceFile,
} from '@transmute/plugin-sdk';
import { PdfSession } from './pdf-session.js';
import type { OcrRuntime } from './runtime.js';
import { imageSize, sniffKind } from './sniff.js';
import { readTiffDirectory } from './tiff-pages.js';

async function readSlices(path: string, size: number): Promise<{ head: Uint8Array; tail: Uint8Array }> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 65_536));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, 2048));
    await handle.read(tail, 0, tail.length, Math.max(0, size - tail.length));
    return { head, tail };
  } finally {
    await handle.close();
  }
}

/**
 * The cheap checks of upload validation: size, type from magic bytes, image dimensions, and for
 * PDFs the page count (pdf.js reads only the cross-reference table and the page tree's count),
 * password protection and truncation (no `%%EOF` and the last page unreadable). TIFFs have their
 * directory chain walked: page count, each page's size, encoding and image data within the file.
 */
export async function inspectFile(
  file: SourceFile,
  runtime: OcrRuntime,
  limits: Record<string, number>,
): Promise<FileInspection> {
  const tooLarge = checkByteLimit(file, resolveByteLimit(limits));
  if (tooLarge) return tooLarge;
  const { head, tail } = await readSlices(file.path, file.sizeBytes);
  const kind = sniffKind(head);
  if (kind === undefined)
    return {
      ok: false,
      code: 'corrupt_file',
      detail: 'The file is neither a PDF nor a PNG, JPEG or TIFF image.',
    };
  if (kind === 'tiff') return inspectTiff(file, runtime, limits);
  if (kind !== 'pdf') {
    const size = imageSize(head, kind);
    if (size !== undefined && size.width * size.height > runtime.settings.maxImagePixels) {
      return {
        ok: false,
        code: 'limit_exceeded',
        detail: `The image has ${size.width}x${size.height} pixels; too large to OCR.`,
      };
    }
    return { ok: true, warnings: [], facts: { pages: 1, ...(size ?? {}) } };
  }
  const truncated = !Buffer.from(tail).toString('latin1').includes('%%EOF');
  const session = new PdfSession(runtime.inspectionPool, file.path, runtime.settings.inspectionTimeoutMs);
  try {
    const info = await session.open();
    const maximumPages = limits['maximum_pages'] ?? 500;
    if (info.pageCount > maximumPages) {
      return {
        ok: false,
        code: 'too_many_pages',
        detail: `The PDF has ${info.pageCount} pages; the limit is ${maximumPages}.`,
      };
    }
    if (info.pageCount === 0) return { ok: false, code: 'corrupt_file', detail: 'The PDF has no pages.' };
    const warnings: string[] = [];
    if (truncated) {
      await session.page({ page: info.pageCount, text: true });
      warnings.push(
        'pdf_repaired: the PDF has no end-of-file marker; it was read by reconstructing its structure.',
      );
    }
    return { ok: true, warnings, facts: { pages: info.pageCount } };
  } catch (error) {
    const failure = toFailedInspection(error);
    if (!truncated) return failure;
    const code = failure.code === 'extraction_failed' ? 'corrupt_file' : failure.code;
    return { ok: false, code, detail: `The PDF is truncated: ${failure.detail}` };
  } finally {
    await session.close();
  }
}

/** A TIFF's pages from its directories alone (a few small reads per page, no pixel data). */
async function inspectTiff(
  file: SourceFile,
  runtime: OcrRuntime,
  limits: Record<string, number>,
): Promise<FileInspection> {
  try {
    const directory = await readTiffDirectory(file.path, {
      maxPages: limits['maximum_pages'] ?? 500,
      maxPixels: runtime.settings.maxImagePixels,
    });
    const first = directory.pages[0];
    return {
      ok: true,
      warnings: [],
      facts: { pages: directory.pages.length, width: first?.width ?? 0, height: first?.height ?? 0 },
    };
  } catch (error) {
    return toFailedInspection(error);
  }
}
