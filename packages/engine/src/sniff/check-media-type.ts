import { fileTypeFromBuffer } from 'file-type';
import type { FailureCode } from '@transmute/contract';
import {
  DOCUMENT_MEDIA_TYPES,
  GENERIC_XML_MEDIA_TYPES as GENERIC_XML,
  isTextMediaType,
  toCanonicalMediaType,
} from '../media-types.js';
import { sniffDocument, type DocumentSniff } from './sniff-document.js';
import { bomEncoding, isUtf8, utf16Layout } from '@transmute/plugin-sdk/text-encoding';

/** Outcome of comparing a file's bytes with its declared media type. */
export type MediaTypeCheck =
  { ok: true; warnings: string[]; sniffed?: string } | { ok: false; code: FailureCode; detail: string };

const EQUIVALENT: Record<string, string> = {
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/mp3': 'audio/mpeg',
  'audio/opus': 'audio/ogg',
  'video/x-m4v': 'video/mp4',
  'image/jpg': 'image/jpeg',
  'application/x-zip-compressed': 'application/zip',
  'application/x-gzip': 'application/gzip',
  'application/x-tar': 'application/x-tar',
};
/** Types file-type may report for a textual format: never proof of binary content. */
const TEXTUAL_SNIFFS = new Set([
  'application/xml',
  'text/xml',
  'image/svg+xml',
  'text/html',
  'application/json',
]);
const ARCHIVES = new Set([
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-bzip2',
  'application/x-xz',
  'application/x-7z-compressed',
  'application/x-gtar',
  'application/x-compressed-tar',
]);
const BINARY_FAMILIES = [
  'application/pdf',
  'image/',
  'audio/',
  'video/',
  'application/zip',
  'application/gzip',
  'application/x-tar',
];

function canonical(mediaType: string): string {
  const bare = toCanonicalMediaType(mediaType);
  return EQUIVALENT[bare] ?? bare;
}

function family(mediaType: string): string {
  if (mediaType.startsWith('audio/') || mediaType.startsWith('video/')) return 'media';
  if (mediaType.startsWith('image/')) return 'image';
  if (ARCHIVES.has(mediaType) || mediaType.endsWith('+zip') || mediaType.includes('openxmlformats'))
    return 'archive';
  return mediaType;
}

/**
 * Documents of one package layout that differ only by macros, or by being a template or a slide
 * show (docx, docm, dotx, dotm; odt, ott; …): a sibling, not a mismatch.
 */
const SIBLING_EXTENSIONS: (keyof typeof DOCUMENT_MEDIA_TYPES)[][] = [
  ['docx', 'docm', 'dotx', 'dotm'],
  ['xlsx', 'xlsm', 'xltx', 'xltm'],
  ['pptx', 'pptm', 'ppsx', 'ppsm', 'potx', 'potm'],
  ['odt', 'ott'],
  ['ods', 'ots'],
  ['odp', 'otp'],
];
const DOCUMENT_SIBLINGS: string[][] = SIBLING_EXTENSIONS.map((group) =>
  group.map((extension) => DOCUMENT_MEDIA_TYPES[extension]),
);

/**
 * A zip package or OLE file that is a document is judged as that document, before any archive
 * rule (a docx declared as a zip is refused, never read as a code archive). A plain zip is left to
 * the magic-byte rules (a package whose first entries say nothing is still checked by its reader).
 */
function checkDocument(document: DocumentSniff, declared: string): MediaTypeCheck | undefined {
  if (document.kind === 'encrypted')
    return {
      ok: false,
      code: 'encrypted_document',
      detail: 'The document is encrypted (password protected).',
    };
  if (document.kind === 'zip') return undefined;
  const { mediaType, label } = document;
  if (mediaType === declared) return { ok: true, warnings: [], sniffed: mediaType };
  if (DOCUMENT_SIBLINGS.some((pair) => pair.includes(mediaType) && pair.includes(declared))) {
    return {
      ok: true,
      warnings: [`media_type_mismatch: The file was declared ${declared} but it is ${label} (${mediaType}).`],
      sniffed: mediaType,
    };
  }
  return {
    ok: false,
    code: 'media_type_mismatch',
    detail: `The file was declared ${declared} but it is ${label} (${mediaType}).`,
  };
}

/** How text bytes are encoded: UTF-8, UTF-16 (a byte-order mark or its NUL pattern), another encoding, or not text at all. */
export type TextEncodingGuess = 'utf-8' | 'utf-16le' | 'utf-16be' | 'legacy' | 'binary';

/**
 * Guesses the encoding of text bytes; NUL bytes (outside UTF-16) mean binary. Which legacy
 * encoding is decided when the whole text is decoded (decodeTextBytes).
 */
export function guessTextEncoding(bytes: Uint8Array, complete: boolean): TextEncodingGuess {
  const bom = bomEncoding(bytes);
  if (bom !== undefined) return bom;
  const utf16 = utf16Layout(bytes);
  if (utf16 !== undefined) return utf16.encoding === 'utf-16le' ? 'utf-16le' : 'utf-16be';
  if (bytes.includes(0)) return 'binary';
  return isUtf8(bytes, complete) ? 'utf-8' : 'legacy';
}

/**
 * Sniffs the real type and compares it with the declared one. A document package or OLE file is
 * judged as the document it is first (see `sniffDocument`; `path` lets legacy Office files be
 * read by their streams): another document or an archive declared fails naming it, an encrypted
 * one fails with `encrypted_document`. Then magic bytes (file-type): text types must look like
 * text; a different family (a PDF declared as audio) fails with `media_type_mismatch`; a sibling
 * type (WAV declared, MP3 found) passes with a warning.
 */
export async function checkMediaType(
  head: Uint8Array,
  declaredType: string,
  complete = false,
  path?: string,
): Promise<MediaTypeCheck> {
  const declared = canonical(declaredType);
  const document = await sniffDocument(head, path);
  const verdict = document === undefined ? undefined : checkDocument(document, declared);
  if (verdict !== undefined) return verdict;
  const result = await fileTypeFromBuffer(head);
  const sniffed = result ? canonical(result.mime) : undefined;
  if (isTextMediaType(declared) || declared === 'text/html' || declared === 'application/xhtml+xml') {
    const encoding = guessTextEncoding(head, complete);
    if ((sniffed && !TEXTUAL_SNIFFS.has(sniffed) && !sniffed.startsWith('text/')) || encoding === 'binary') {
      return {
        ok: false,
        code: 'media_type_mismatch',
        detail: `The file was declared ${declared} but its content is binary${sniffed ? ` (${sniffed})` : ''}.`,
      };
    }
    // A text's encoding is decided, and warned about, when the whole of it is decoded.
    return { ok: true, warnings: [] };
  }
  if (!sniffed) {
    const binaryExpected = BINARY_FAMILIES.some((prefix) => declared.startsWith(prefix));
    if (binaryExpected && head.length > 0 && guessTextEncoding(head, complete) === 'utf-8') {
      return {
        ok: false,
        code: 'media_type_mismatch',
        detail: `The file was declared ${declared} but its content is text.`,
      };
    }
    return { ok: true, warnings: [] };
  }
  if (sniffed === declared) return { ok: true, warnings: [], sniffed };
  // file-type names any XML `application/xml`: an RSS or Atom feed (`+xml`) declared as such is that,
  // and `text/xml` is the same type under its other name.
  if (GENERIC_XML.has(sniffed) && (declared.endsWith('+xml') || GENERIC_XML.has(declared)))
    return { ok: true, warnings: [], sniffed: declared };
  if (family(sniffed) === family(declared)) {
    return {
      ok: true,
      warnings: [
        `media_type_mismatch: The file was declared ${declared} but its content looks like ${sniffed}.`,
      ],
      sniffed,
    };
  }
  return {
    ok: false,
    code: 'media_type_mismatch',
    detail: `The file was declared ${declared} but its content is ${sniffed}.`,
  };
}
