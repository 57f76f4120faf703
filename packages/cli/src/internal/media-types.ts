import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { DOCUMENT_MEDIA_TYPES, sniffMediaType } from '@transmute/engine';

const EXTENSIONS: Record<string, string> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
  '.text': 'text/plain',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.tab': 'text/tab-separated-values',
  '.json': 'application/json',
  '.ndjson': 'application/x-ndjson',
  '.jsonl': 'application/x-ndjson',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.xhtml': 'application/xhtml+xml',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.weba': 'audio/webm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.zip': 'application/zip',
  '.tar': 'application/x-tar',
  '.tgz': 'application/gzip',
  '.gz': 'application/gzip',
  // .docx → the Word media type, .xlsx, .odt, .epub, .msg, .eml, .ipynb, .rss, .atom, …
  ...Object.fromEntries(
    Object.entries(DOCUMENT_MEDIA_TYPES).map(([extension, type]) => [`.${extension}`, type]),
  ),
};

/** The media type of a file name by its extension, if known. */
export function mediaTypeFromName(name: string): string | undefined {
  return EXTENSIONS[extname(name).toLowerCase()];
}

/** The media type of a file by its first bytes (magic numbers, markup), if recognizable. */
export async function sniffFile(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return await sniffMediaType(buffer.subarray(0, bytesRead), path);
  } finally {
    await handle.close();
  }
}

/** HTML elements whose closing tag marks a text as markup (a fragment like `<h1>…</h1><p>…</p>` too). */
const HTML_CLOSING_TAG =
  /<\/(html|head|body|div|p|h[1-6]|ul|ol|li|table|tr|td|article|section|main|span|a|em|strong|pre|blockquote|title)>/i;

/** `text/html` when a text is HTML (a doctype, an `<html>` element, or tags of HTML elements), else undefined. */
export function sniffMarkup(text: string): string | undefined {
  const head = text.slice(0, 4096).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'text/html';
  return head.startsWith('<') && HTML_CLOSING_TAG.test(head) ? 'text/html' : undefined;
}
