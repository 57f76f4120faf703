import type { FormatReader } from '../internal/format-reader.js';
import { readEml } from './read-eml.js';

/** E-mail, by media type. */
export const MAIL_FORMATS: Record<string, FormatReader> = {
  'message/rfc822': readEml,
};
