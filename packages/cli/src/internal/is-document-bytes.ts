import { DOCUMENT_MEDIA_TYPES, sniffMediaType } from '@transmute/engine';

const DOCUMENT_TYPES: readonly string[] = Object.values(DOCUMENT_MEDIA_TYPES);
/** As many bytes as sniffing reads. */
const HEAD_BYTES = 4100;

/**
 * Whether bytes (piped to stdin) are a document, even one that is valid UTF-8 text such as an
 * RTF: such bytes are converted as that document, never read as plain text.
 */
export async function isDocumentBytes(bytes: Buffer): Promise<boolean> {
  const sniffed = await sniffMediaType(bytes.subarray(0, HEAD_BYTES));
  return sniffed !== undefined && DOCUMENT_TYPES.includes(sniffed);
}
