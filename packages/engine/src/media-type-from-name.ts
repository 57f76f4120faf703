import { extname } from 'node:path';
import { DOCUMENT_MEDIA_TYPES } from './media-types.js';

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
  '.srt': 'application/x-subrip',
  '.vtt': 'text/vtt',
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

/**
 * The media type of a file name by its extension, if known: what `transmute convert` assumes for a
 * file, and what an attachment declared `application/octet-stream` is when its bytes only show text.
 *
 * @example
 * mediaTypeFromName('data.CSV'); // 'text/csv'
 */
export function mediaTypeFromName(name: string): string | undefined {
  return EXTENSIONS[extname(name).toLowerCase()];
}
