import { fileTypeFromBuffer } from 'file-type';
import { guessTextEncoding } from './check-media-type.js';
import { sniffDocument } from './sniff-document.js';

/**
 * The media type the first bytes of a file show: a document package (docx, xlsx, odt, epub, …;
 * with `path`, legacy Office and Outlook files by their OLE streams), else a magic-byte match
 * (file-type), else `text/plain` for text, else undefined.
 *
 * @example
 * await sniffMediaType(await readHead(path)); // 'application/pdf'
 */
export async function sniffMediaType(head: Uint8Array, path?: string): Promise<string | undefined> {
  const document = await sniffDocument(head, path);
  if (document?.kind === 'document') return document.mediaType;
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  return head.length > 0 && guessTextEncoding(head, false) !== 'binary' ? 'text/plain' : undefined;
}
