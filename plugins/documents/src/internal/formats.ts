import { WORD_FORMATS } from '../word/index.js';
import type { FormatReader } from './format-reader.js';

/** Every format the plugin reads, by media type: one table, each family adding its own. */
export const FORMATS: Readonly<Record<string, FormatReader>> = Object.freeze({
  ...WORD_FORMATS,
});

/** The media types of {@link FORMATS}. */
export const DOCUMENT_MEDIA_TYPES: readonly string[] = Object.freeze(Object.keys(FORMATS));
