import type { FormatReader } from '../internal/format-reader.js';
import { LEGACY_FORMATS } from './legacy-formats.js';

export { LEGACY_FORMATS, legacyFormatOf, type LegacyFormat } from './legacy-formats.js';
export { locateSoffice } from './locate-soffice.js';
export { withSofficeConversion } from './convert-with-soffice.js';
export { checkLegacyFile } from './check-legacy-file.js';

/**
 * The legacy family for the one FORMATS table: each media type's reader is its OOXML successor's,
 * since the adapter hands the worker the file LibreOffice converted (see `withSofficeConversion`).
 */
export const LEGACY_READERS: Record<string, FormatReader> = Object.fromEntries(
  Object.entries(LEGACY_FORMATS).map(([mediaType, format]) => [mediaType, format.read]),
);
