import { codeLanguageOfMediaType } from '@transmute/plugin-sdk';

/** The media types the built-in text source reads (canonical names, as capabilities report them). */
export const TEXT_MEDIA_TYPES: readonly string[] = Object.freeze([
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/tab-separated-values',
  'application/json',
  'application/x-ndjson',
  'text/vtt',
  'application/x-subrip',
]);

const ALIASES: Record<string, string> = {
  'text/x-markdown': 'text/markdown',
  'text/md': 'text/markdown',
  'application/ndjson': 'application/x-ndjson',
  'application/jsonl': 'application/x-ndjson',
  'application/x-jsonlines': 'application/x-ndjson',
  'application/jsonlines': 'application/x-ndjson',
  'text/tsv': 'text/tab-separated-values',
  'application/csv': 'text/csv',
  'text/json': 'application/json',
  'text/rtf': 'application/rtf',
  'application/x-rtf': 'application/rtf',
  'text/srt': 'application/x-subrip',
  'text/x-srt': 'application/x-subrip',
  'application/srt': 'application/x-subrip',
  'application/x-srt': 'application/x-subrip',
  'application/ics': 'text/calendar',
  'text/x-vcalendar': 'text/calendar',
  'text/x-vcard': 'text/vcard',
  'text/directory': 'text/vcard',
};

/**
 * The types that say only "XML" (file-type names any XML `application/xml`). A source may still
 * recognise such a file by its root element (a feed); any other XML is read as text, an `xml` block.
 */
export const GENERIC_XML_MEDIA_TYPES: ReadonlySet<string> = new Set(['application/xml', 'text/xml']);

/**
 * Lower-cases a media type, drops its parameters (`; charset=…`) and maps known aliases; a type of
 * source code or configuration (`application/yaml`, `text/x-python`) is plain text, which the text
 * source reads as a code block in its language. Generic XML stays itself: sources see it first.
 */
export function toCanonicalMediaType(mediaType: string): string {
  const bare = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  const alias = ALIASES[bare];
  if (alias !== undefined) return alias;
  return GENERIC_XML_MEDIA_TYPES.has(bare) || codeLanguageOfMediaType(bare) === undefined
    ? bare
    : 'text/plain';
}

/** Media types that say nothing about the content (the bytes are sniffed instead). */
const GENERIC_MEDIA_TYPES: ReadonlySet<string> = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/unknown',
]);

/** Whether a media type says nothing about the content (`application/octet-stream`, none at all). */
export function isGenericMediaType(mediaType: string): boolean {
  return GENERIC_MEDIA_TYPES.has(toCanonicalMediaType(mediaType));
}

/** Whether the built-in text source reads this media type. */
export function isTextMediaType(mediaType: string): boolean {
  return TEXT_MEDIA_TYPES.includes(toCanonicalMediaType(mediaType));
}

/**
 * Whether the text source reads a file of this type when no source took it: its own types, and
 * generic XML no source recognised by its root (read as an `xml` block).
 */
export function readsAsText(mediaType: string): boolean {
  const canonical = toCanonicalMediaType(mediaType);
  return TEXT_MEDIA_TYPES.includes(canonical) || GENERIC_XML_MEDIA_TYPES.has(canonical);
}

/**
 * The IANA media types of the documents people send (office, OpenDocument, e-book, e-mail,
 * notebook, feed formats): the one table sniffing, the CLI's extensions and tests name them from.
 */
export const DOCUMENT_MEDIA_TYPES = Object.freeze({
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  docm: 'application/vnd.ms-word.document.macroenabled.12',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroenabled.12',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroenabled.12',
  dotx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  dotm: 'application/vnd.ms-word.template.macroenabled.12',
  xltx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  xltm: 'application/vnd.ms-excel.template.macroenabled.12',
  ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  ppsm: 'application/vnd.ms-powerpoint.slideshow.macroenabled.12',
  potx: 'application/vnd.openxmlformats-officedocument.presentationml.template',
  potm: 'application/vnd.ms-powerpoint.template.macroenabled.12',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ott: 'application/vnd.oasis.opendocument.text-template',
  ots: 'application/vnd.oasis.opendocument.spreadsheet-template',
  otp: 'application/vnd.oasis.opendocument.presentation-template',
  epub: 'application/epub+zip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  msg: 'application/vnd.ms-outlook',
  eml: 'message/rfc822',
  mbox: 'application/mbox',
  ics: 'text/calendar',
  ical: 'text/calendar',
  ifb: 'text/calendar',
  vcf: 'text/vcard',
  vcard: 'text/vcard',
  rtf: 'application/rtf',
  ipynb: 'application/x-ipynb+json',
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
} as const);
