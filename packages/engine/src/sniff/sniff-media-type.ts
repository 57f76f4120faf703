import { fileTypeFromBuffer } from 'file-type';
import { guessTextEncoding } from './check-media-type.js';

/**
 * The media type the first bytes of a file show: a magic-byte match (file-type), else
 * `text/plain` for text, else undefined.
 *
 * @example
 * await sniffMediaType(await readHead(path)); // 'application/pdf'
 */
export async function sniffMediaType(head: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  return head.length > 0 && guessTextEncoding(head, false) !== 'binary' ? 'text/plain' : undefined;
}
