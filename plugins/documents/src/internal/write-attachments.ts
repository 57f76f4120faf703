import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExtractedAttachment } from '@transmute/plugin-sdk';
import type { ReadContext } from './format-reader.js';

/** A file embedded in a document, its bytes read only when it is written. */
export interface EmbeddedFile {
  /** The name the source gives it (shown to people, never used as a path). */
  name: string;
  /** As declared by the source; `application/octet-stream` when it declares nothing. */
  mediaType: string;
  /** The bytes; throws when they cannot be had (the file is then listed only, with a warning). */
  read(): Uint8Array;
}

/** Defaults of the attachment limits (manifest limits, overridable by the operator). */
export const ATTACHMENT_LIMIT_DEFAULTS = Object.freeze({
  maximum_attachments: 50,
  maximum_attachment_bytes: 104_857_600,
});

const MAX_NAME_CHARS = 80;

/** A file-system-safe version of a name: its last segment, only word characters, dots and dashes, bounded. */
function toSafeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const safe = last.replace(/[^\w.-]+/g, '_').replace(/^[.]+/, '');
  const extension = /\.[\w-]{1,10}$/.exec(safe)?.[0] ?? '';
  const stem = safe.slice(0, safe.length - extension.length).slice(0, MAX_NAME_CHARS - extension.length);
  return stem === '' && extension === '' ? 'attachment' : `${stem}${extension}`;
}

/** `attachments/<name>` with path separators made harmless; a repeated name gets ` (2)`, ` (3)`, … */
function toPart(name: string, taken: Set<string>): string {
  const flat = name.replace(/[/\\]+/g, '_').trim() || 'attachment';
  let part = `attachments/${flat}`;
  for (let copy = 2; taken.has(part); copy++) part = `attachments/${flat} (${String(copy)})`;
  taken.add(part);
  return part;
}

/**
 * Writes embedded files into `ctx.outputDir` (made here, before the first file) for the engine to read as child documents. A file is
 * named by its position and a sanitized copy of its name (`003-report.docx`), never by the name as
 * given, and never overwrites one. Past `maximum_attachments` or `maximum_attachment_bytes` (total)
 * a file is listed only, with an `attachment_not_converted` warning; so is one whose bytes cannot
 * be read. Without `outputDir` nothing is written.
 */
export async function writeAttachments(
  files: readonly EmbeddedFile[],
  ctx: ReadContext,
): Promise<ExtractedAttachment[]> {
  const { outputDir } = ctx;
  if (outputDir === undefined || files.length === 0) return [];
  const maxCount = ctx.limits['maximum_attachments'] ?? ATTACHMENT_LIMIT_DEFAULTS.maximum_attachments;
  const maxBytes =
    ctx.limits['maximum_attachment_bytes'] ?? ATTACHMENT_LIMIT_DEFAULTS.maximum_attachment_bytes;
  const written: ExtractedAttachment[] = [];
  const parts = new Set<string>();
  let totalBytes = 0;
  for (const [index, file] of files.entries()) {
    if (written.length >= maxCount) {
      ctx.warn(
        'attachment_not_converted',
        `${String(files.length - index)} attachments past maximum_attachments (${String(maxCount)}) are listed only.`,
      );
      break;
    }
    let bytes: Uint8Array;
    try {
      bytes = file.read();
    } catch (error) {
      ctx.warn('attachment_not_converted', `${file.name} (its bytes could not be read: ${String(error)})`);
      continue;
    }
    if (totalBytes + bytes.byteLength > maxBytes) {
      ctx.warn(
        'attachment_not_converted',
        `${file.name} (the attachments would exceed maximum_attachment_bytes, ${String(maxBytes)} bytes)`,
      );
      continue;
    }
    totalBytes += bytes.byteLength;
    // Made before the first file, not by the plugin up front: most documents embed none.
    if (written.length === 0) await mkdir(outputDir, { recursive: true });
    const path = join(outputDir, `${String(index + 1).padStart(3, '0')}-${toSafeFileName(file.name)}`);
    await writeFile(path, bytes, { flag: 'wx' });
    written.push({
      name: file.name,
      path,
      sizeBytes: bytes.byteLength,
      mediaType: file.mediaType,
      part: toPart(file.name, parts),
    });
  }
  return written;
}
