import { CALENDAR_FORMATS } from '../calendar/index.js';
import { CONTACT_FORMATS } from '../contacts/index.js';
import { EBOOK_FORMATS } from '../ebook/index.js';
import { FEED_FORMATS } from '../feed/index.js';
import { LEGACY_READERS } from '../legacy/index.js';
import { MAIL_FORMATS } from '../mail/index.js';
import { NOTEBOOK_FORMATS } from '../notebook/index.js';
import { PRESENTATION_FORMATS } from '../presentation/index.js';
import { SPREADSHEET_FORMATS } from '../spreadsheet/index.js';
import { WORD_FORMATS } from '../word/index.js';
import type { FormatReader } from './format-reader.js';

const FAMILIES: readonly Record<string, FormatReader>[] = [
  WORD_FORMATS,
  SPREADSHEET_FORMATS,
  PRESENTATION_FORMATS,
  EBOOK_FORMATS,
  MAIL_FORMATS,
  CALENDAR_FORMATS,
  CONTACT_FORMATS,
  NOTEBOOK_FORMATS,
  FEED_FORMATS,
  LEGACY_READERS,
];

/**
 * Every format the plugin reads, by media type: one table, each family adding its own. Keys are
 * lower case (media types compare case-insensitively; `accepts` lower-cases the probe's).
 */
export const FORMATS: Readonly<Record<string, FormatReader>> = Object.freeze(
  Object.fromEntries(
    FAMILIES.flatMap((family) => Object.entries(family)).map(([type, reader]) => [
      type.toLowerCase(),
      reader,
    ]),
  ),
);

/** The media types of {@link FORMATS}. */
export const DOCUMENT_MEDIA_TYPES: readonly string[] = Object.freeze(Object.keys(FORMATS));
