import type { FormatReader } from '../internal/format-reader.js';
import { readEpub } from './read-epub.js';

/** E-books, by media type. */
export const EBOOK_FORMATS: Record<string, FormatReader> = {
  'application/epub+zip': readEpub,
};
