import type { FormatReader } from '../internal/format-reader.js';
import { readOdp } from './read-odp.js';
import { readPptx } from './read-pptx.js';

/** The presentation family: media type → reader (pptx and its show/macro variants share a package). */
export const PRESENTATION_FORMATS: Record<string, FormatReader> = {
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': readPptx,
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow': readPptx,
  'application/vnd.ms-powerpoint.presentation.macroenabled.12': readPptx,
  'application/vnd.oasis.opendocument.presentation': readOdp,
};
