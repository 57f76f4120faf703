import type { FormatReader } from '../internal/format-reader.js';
import { readDocx } from './read-docx.js';
import { readOdt } from './read-odt.js';
import { readRtf } from './read-rtf.js';

/** Word-processing formats by media type (docx, docm, their templates dotx and dotm; odt, ott; rtf). */
export const WORD_FORMATS: Record<string, FormatReader> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': readDocx,
  'application/vnd.ms-word.document.macroenabled.12': readDocx,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template': readDocx,
  'application/vnd.ms-word.template.macroenabled.12': readDocx,
  'application/vnd.oasis.opendocument.text': readOdt,
  'application/vnd.oasis.opendocument.text-template': readOdt,
  'application/rtf': readRtf,
  'text/rtf': readRtf,
};
