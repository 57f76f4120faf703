import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Grid } from './cell-adjacency.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The labelled tables (format in its README.md). */
export const labelDirectory = resolve(here, '../../../fixtures/pdf-tables');
/** The PDFs the labels are about. */
export const tableCorpus = resolve(here, '../../../../shared/corpora/tables');

/** One labelled table. */
export interface LabelledTable {
  page: number;
  header_rows: number;
  rows: string[][];
}

/** One labelled PDF: where it is, whether it is held out, its tables. */
export interface LabelledPdf {
  name: string;
  /** The PDF's path. */
  path: string;
  split: 'dev' | 'heldout';
  note: string;
  tables: LabelledTable[];
}

/** Every labelled PDF of `fixtures/pdf-tables`, by name. */
export function readLabelSet(): LabelledPdf[] {
  return readdirSync(labelDirectory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const raw = JSON.parse(readFileSync(join(labelDirectory, name), 'utf8')) as Omit<
        LabelledPdf,
        'name' | 'path'
      > & {
        file: string;
      };
      return {
        name: name.replace(/\.json$/, ''),
        path: join(tableCorpus, raw.file),
        split: raw.split,
        note: raw.note,
        tables: raw.tables,
      };
    });
}

/** The grids of a labelled PDF's tables. */
export function labelledGrids(pdf: LabelledPdf): Grid[] {
  return pdf.tables.map((table) => table.rows);
}
