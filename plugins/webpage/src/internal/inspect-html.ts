import { checkByteLimit, readFileHead, type FileInspection, type SourceFile } from '@transmute/plugin-sdk';

/**
 * Cheap upload-validation checks of an HTML file: within the size limit, and text rather than
 * binary (no NUL bytes in the first kilobytes unless the file is UTF-16 with a byte-order mark).
 */
export async function inspectHtml(
  file: SourceFile,
  signal: AbortSignal,
  maximumBytes: number,
): Promise<FileInspection> {
  const tooLarge = checkByteLimit(file, maximumBytes, 'page');
  if (tooLarge) return tooLarge;
  signal.throwIfAborted();
  const bytes = await readFileHead(file.path, 4096);
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!utf16 && bytes.includes(0)) {
    return { ok: false, code: 'media_type_mismatch', detail: 'The file is binary, not an HTML page.' };
  }
  return { ok: true, warnings: [] };
}
