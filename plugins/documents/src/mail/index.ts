import type { FormatReader } from '../internal/format-reader.js';
import { readEml } from './read-eml.js';
import { readMbox } from './read-mbox.js';
import { readMsg } from './read-msg.js';

/** E-mail, by media type. */
export const MAIL_FORMATS: Record<string, FormatReader> = {
  'message/rfc822': readEml,
  'application/mbox': readMbox,
  'application/vnd.ms-outlook': readMsg,
};
