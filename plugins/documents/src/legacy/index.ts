import type { FormatReader } from '../internal/format-reader.js';
import { LEGACY_FORMATS } from './legacy-formats.js';

export { LEGACY_FORMATS, legacyFormatOf, type LegacyFormat } from './legacy-formats.js';

/**
 * The legacy family for the one FORMATS table: each media type's reader is its OOXML successor's,
 * since the adapter hands the worker the file LibreOffice converted (`withSofficeConversion`). The
 * conversion itself (child process, OLE checks) is imported by the adapter from its own files, so
 * the parse worker never loads it.
 */
export const LEGACY_READERS: Record<string, FormatReader> = Object.fromEntries(
  Object.entries(LEGACY_FORMATS).map(([mediaType, format]) => [mediaType, format.read]),
);
