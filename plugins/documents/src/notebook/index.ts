import type { FormatReader } from '../internal/format-reader.js';
import { readNotebook } from './read-notebook.js';

/** Jupyter notebooks, by media type. */
export const NOTEBOOK_FORMATS: Record<string, FormatReader> = {
  'application/x-ipynb+json': readNotebook,
};
