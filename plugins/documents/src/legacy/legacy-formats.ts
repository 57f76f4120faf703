import type { FormatReader } from '../internal/format-reader.js';
import { readXlsx } from '../spreadsheet/read-xlsx.js';
import { readPptx } from '../presentation/read-pptx.js';
import { readDocx } from '../word/read-docx.js';

/** A binary Office 97–2003 format, read by converting it with LibreOffice to its OOXML successor. */
export interface LegacyFormat {
  /** The format as users know it, in messages ("Word 97–2003 .doc"). */
  name: string;
  /** The extension the file is given for LibreOffice, whose import filter detection reads it. */
  extension: 'doc' | 'xls' | 'ppt';
  /** The OOXML format LibreOffice writes: the converted file's extension. */
  target: 'docx' | 'xlsx' | 'pptx';
  /** LibreOffice's export filter writing `target`. */
  filter: string;
  /** The OOXML reader of the converted file (so a .doc reads exactly as the same .docx would). */
  read: FormatReader;
}

/** The legacy binary Office formats by media type; LibreOffice (`soffice`) must be installed to read them. */
export const LEGACY_FORMATS: Readonly<Record<string, LegacyFormat>> = Object.freeze({
  'application/msword': {
    name: 'Word 97–2003 .doc',
    extension: 'doc',
    target: 'docx',
    filter: 'MS Word 2007 XML',
    read: readDocx,
  },
  'application/vnd.ms-excel': {
    name: 'Excel 97–2003 .xls',
    extension: 'xls',
    target: 'xlsx',
    filter: 'Calc MS Excel 2007 XML',
    read: readXlsx,
  },
  'application/vnd.ms-powerpoint': {
    name: 'PowerPoint 97–2003 .ppt',
    extension: 'ppt',
    target: 'pptx',
    filter: 'Impress MS PowerPoint 2007 XML',
    read: readPptx,
  },
});

/** The legacy format of a (lower-case, parameterless) media type, if it is one. */
export function legacyFormatOf(mediaType: string): LegacyFormat | undefined {
  return Object.hasOwn(LEGACY_FORMATS, mediaType) ? LEGACY_FORMATS[mediaType] : undefined;
}
