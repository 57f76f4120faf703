import { open } from 'node:fs/promises';
import { constants, inflateRawSync } from 'node:zlib';
import { DOCUMENT_MEDIA_TYPES as TYPES } from '../media-types.js';

/** What a document package's first bytes (and an OLE file's directory) show it really is. */
export type DocumentSniff =
  | { kind: 'document'; mediaType: string; label: string }
  /** An OLE compound file holding `EncryptedPackage`: a password-protected OOXML document. */
  | { kind: 'encrypted' }
  /** A zip with neither `[Content_Types].xml` nor a `mimetype` entry: a plain archive. */
  | { kind: 'zip' };

const ZIP_LOCAL_HEADER = 0x04034b50;
const LOCAL_HEADER_BYTES = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** An OLE file's directory sits in its first megabytes in practice; further is not read. */
const OLE_SCAN_BYTES = 8 * 1024 * 1024;
const OLE_ENTRY_BYTES = 128;

const WORD = 'a Word document';
const EXCEL = 'an Excel workbook';
const POWERPOINT = 'a PowerPoint presentation';
/**
 * OOXML main parts' content types (in `[Content_Types].xml`, compared in lower case) → the
 * package's media type: documents, their macro-enabled forms, templates and slide shows.
 */
const OOXML_MAIN_PARTS: Record<string, { mediaType: string; label: string }> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': {
    mediaType: TYPES.docx,
    label: WORD,
  },
  'application/vnd.ms-word.document.macroenabled.main+xml': { mediaType: TYPES.docm, label: WORD },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml': {
    mediaType: TYPES.dotx,
    label: 'a Word template',
  },
  'application/vnd.ms-word.template.macroenabledtemplate.main+xml': {
    mediaType: TYPES.dotm,
    label: 'a Word template',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': {
    mediaType: TYPES.xlsx,
    label: EXCEL,
  },
  'application/vnd.ms-excel.sheet.macroenabled.main+xml': { mediaType: TYPES.xlsm, label: EXCEL },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml': {
    mediaType: TYPES.xltx,
    label: 'an Excel template',
  },
  'application/vnd.ms-excel.template.macroenabled.main+xml': {
    mediaType: TYPES.xltm,
    label: 'an Excel template',
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml': {
    mediaType: TYPES.pptx,
    label: POWERPOINT,
  },
  'application/vnd.ms-powerpoint.presentation.macroenabled.main+xml': {
    mediaType: TYPES.pptm,
    label: POWERPOINT,
  },
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml': {
    mediaType: TYPES.ppsx,
    label: 'a PowerPoint slide show',
  },
  'application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml': {
    mediaType: TYPES.ppsm,
    label: 'a PowerPoint slide show',
  },
  'application/vnd.openxmlformats-officedocument.presentationml.template.main+xml': {
    mediaType: TYPES.potx,
    label: 'a PowerPoint template',
  },
  'application/vnd.ms-powerpoint.template.macroenabled.main+xml': {
    mediaType: TYPES.potm,
    label: 'a PowerPoint template',
  },
};
/** When `[Content_Types].xml` is not in the head: the folder of the main part says it. */
const OOXML_FOLDERS: [string, { mediaType: string; label: string }][] = [
  ['word/', { mediaType: TYPES.docx, label: WORD }],
  ['xl/', { mediaType: TYPES.xlsx, label: EXCEL }],
  ['ppt/', { mediaType: TYPES.pptx, label: POWERPOINT }],
];
/** The first `mimetype` entry of ODF and EPUB packages. */
const MIMETYPE_LABELS: Record<string, string> = {
  [TYPES.odt]: 'an OpenDocument text',
  [TYPES.ods]: 'an OpenDocument spreadsheet',
  [TYPES.odp]: 'an OpenDocument presentation',
  [TYPES.ott]: 'an OpenDocument text template',
  [TYPES.ots]: 'an OpenDocument spreadsheet template',
  [TYPES.otp]: 'an OpenDocument presentation template',
  [TYPES.epub]: 'an EPUB e-book',
};
/** OLE stream names (UTF-16LE at the start of a directory entry) → legacy format. */
const OLE_STREAMS: [string, { mediaType: string; label: string }][] = [
  ['WordDocument', { mediaType: TYPES.doc, label: 'a Word 97–2003 document' }],
  ['Workbook', { mediaType: TYPES.xls, label: 'an Excel 97–2003 workbook' }],
  ['Book', { mediaType: TYPES.xls, label: 'an Excel 5 workbook' }],
  ['PowerPoint Document', { mediaType: TYPES.ppt, label: 'a PowerPoint 97–2003 presentation' }],
  ['__substg1.0_', { mediaType: TYPES.msg, label: 'an Outlook message' }],
];

interface LocalEntry {
  name: string;
  data: Buffer;
  method: number;
}

/** The zip's local entries whose headers lie in the head, with as much of their data as it holds. */
function localEntries(head: Buffer): LocalEntry[] {
  const entries: LocalEntry[] = [];
  let offset = 0;
  while (offset + 30 <= head.length && head.readUInt32LE(offset) === ZIP_LOCAL_HEADER) {
    const flags = head.readUInt16LE(offset + 6);
    const method = head.readUInt16LE(offset + 8);
    const compressed = head.readUInt32LE(offset + 18);
    const nameLength = head.readUInt16LE(offset + 26);
    const extraLength = head.readUInt16LE(offset + 28);
    const start = offset + 30 + nameLength + extraLength;
    if (start > head.length) break;
    const name = head.subarray(offset + 30, offset + 30 + nameLength).toString('utf8');
    // With a data descriptor (bit 3) the size comes after the data: the next entry is searched for.
    const sized = (flags & 0x08) === 0;
    const next = sized ? start + compressed : head.indexOf(LOCAL_HEADER_BYTES, start);
    entries.push({ name, method, data: head.subarray(start, next === -1 ? head.length : next) });
    if (next === -1) break;
    offset = next;
  }
  return entries;
}

function inflate(entry: LocalEntry): string {
  if (entry.method === 0) return entry.data.toString('utf8');
  if (entry.method !== 8) return '';
  try {
    // The head may end inside the entry: what inflates is enough to find the main part.
    return inflateRawSync(entry.data, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
  } catch {
    return '';
  }
}

function sniffZip(head: Buffer): DocumentSniff {
  const entries = localEntries(head);
  const first = entries[0];
  if (first?.name === 'mimetype') {
    const mediaType = inflate(first).trim().toLowerCase();
    const label = MIMETYPE_LABELS[mediaType];
    if (label !== undefined) return { kind: 'document', mediaType, label };
  }
  const types = entries.find((entry) => entry.name === '[Content_Types].xml');
  if (types !== undefined) {
    const xml = inflate(types).toLowerCase();
    for (const [contentType, found] of Object.entries(OOXML_MAIN_PARTS))
      if (xml.includes(`"${contentType}"`)) return { kind: 'document', ...found };
  }
  // Only a package with OPC parts: a code archive may well have a `word/` folder.
  const opc = entries.some((entry) => entry.name === '_rels/.rels' || entry.name.startsWith('docProps/'));
  for (const [folder, found] of OOXML_FOLDERS)
    if (opc && entries.some((entry) => entry.name.startsWith(folder))) return { kind: 'document', ...found };
  return { kind: 'zip' };
}

async function readStart(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Stream names at the start of 128-byte directory entries (after the 512-byte header). */
function hasStream(bytes: Buffer, name: string): boolean {
  const needle = Buffer.from(name, 'utf16le');
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1))
    if (at >= 512 && at % OLE_ENTRY_BYTES === 0) return true;
  return false;
}

async function sniffOle(path: string | undefined): Promise<DocumentSniff | undefined> {
  if (path === undefined) return undefined;
  const bytes = await readStart(path, OLE_SCAN_BYTES);
  if (hasStream(bytes, 'EncryptedPackage')) return { kind: 'encrypted' };
  for (const [stream, found] of OLE_STREAMS)
    if (hasStream(bytes, stream)) return { kind: 'document', ...found };
  return undefined;
}

/**
 * Which document a zip package or OLE compound file really is, before any archive rule: OOXML by
 * `[Content_Types].xml` and its main part's content type (docx, docm, xlsx, xlsm, pptx, pptm), ODF
 * and EPUB by their first `mimetype` entry, Outlook `.msg` and legacy `.doc` / `.xls` / `.ppt` by
 * their OLE stream names (read from `path`); an OLE file holding `EncryptedPackage` is an encrypted
 * OOXML document. Undefined when the bytes are neither a zip nor an OLE file.
 */
export async function sniffDocument(head: Uint8Array, path?: string): Promise<DocumentSniff | undefined> {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL_HEADER) return sniffZip(bytes);
  if (OLE_MAGIC.every((byte, index) => bytes[index] === byte)) return sniffOle(path);
  return undefined;
}
