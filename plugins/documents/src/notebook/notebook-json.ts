/** The parts of a Jupyter notebook (nbformat 4, and 3's worksheets) that are read. */

/** nbformat stores multi-line text as one string or as an array of lines. */
export type MultilineText = string | string[];

export interface NotebookOutput {
  output_type?: string;
  /** nbformat 4 stream text (3 also: `text` on every output). */
  text?: MultilineText;
  /** nbformat 4 execute_result / display_data: media type → content. */
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
  /** nbformat 3 keeps media under short keys (`png`, `jpeg`, `svg`). */
  [key: string]: unknown;
}

export interface NotebookCell {
  cell_type?: string;
  /** nbformat 4 (and 3's markdown/heading cells). */
  source?: MultilineText;
  /** nbformat 3 code cells. */
  input?: MultilineText;
  /** nbformat 3 code cells carry their language. */
  language?: string;
  /** nbformat 3 heading cells. */
  level?: number;
  outputs?: NotebookOutput[];
}

export interface Notebook {
  nbformat?: number;
  cells?: NotebookCell[];
  worksheets?: { cells?: NotebookCell[] }[];
  metadata?: {
    title?: string;
    kernelspec?: { language?: string; name?: string; display_name?: string };
    language_info?: { name?: string };
  };
}

/** One string from nbformat's string-or-lines form. */
export function joinText(text: MultilineText | undefined): string {
  if (text === undefined) return '';
  return Array.isArray(text) ? text.join('') : text;
}
