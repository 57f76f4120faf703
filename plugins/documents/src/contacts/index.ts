import type { FormatReader } from '../internal/format-reader.js';
import { readVcard } from './read-vcard.js';

/** Contacts (vCard), by media type: the IANA one and the names older programs send. */
export const CONTACT_FORMATS: Record<string, FormatReader> = {
  'text/vcard': readVcard,
  'text/x-vcard': readVcard,
  'text/directory': readVcard,
};
