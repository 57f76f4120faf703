import type { FormatReader } from '../internal/format-reader.js';
import { readOdp } from './read-odp.js';
import { readPptx } from './read-pptx.js';

/**
 * The presentation family: media type → reader. pptx and its slideshow, template and macro-enabled
 * variants are one package layout (macro-enabled types in lower case, as file-type reports them).
 */
export const PRESENTATION_FORMATS: Record<string, FormatReader> = {
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': readPptx,
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow': readPptx,
  'application/vnd.openxmlformats-officedocument.presentationml.template': readPptx,
  'application/vnd.ms-powerpoint.presentation.macroenabled.12': readPptx,
  'application/vnd.ms-powerpoint.slideshow.macroenabled.12': readPptx,
  'application/vnd.ms-powerpoint.template.macroenabled.12': readPptx,
  'application/vnd.oasis.opendocument.presentation': readOdp,
  'application/vnd.oasis.opendocument.presentation-template': readOdp,
};
