import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLabelSet, type LabelledPdf } from '../pdf-tables/label-set.js';
import type { Structure } from './markdown-structure.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The structure labels (format in its README.md). */
export const STRUCTURE_LABELS = resolve(here, '../../../fixtures/pdf-structure');
/** The corpora the labels' `file` paths are relative to. */
export const CORPORA = resolve(here, '../../../../shared/corpora');

/** One PDF labelled for structure: its path, split, labelled pages and what is on them. */
export interface StructureLabel {
  name: string;
  path: string;
  split: 'dev' | 'heldout';
  pages: number[];
  expected: Structure;
  /** False when the pages hold tables nobody labelled: table cells are then left out of the score. */
  scoresCells: boolean;
}

interface RawLabel {
  file: string;
  split: 'dev' | 'heldout';
  pages: number[];
  headings?: { level: number; text: string }[];
  list_items?: string[];
  tables_unlabelled?: boolean;
}

/**
 * The structure labels, each with the table cells of the same PDF's table label on its pages (a
 * table is labelled once, in `fixtures/pdf-tables`).
 */
export function readStructureLabels(
  directory = STRUCTURE_LABELS,
  tables: LabelledPdf[] = readLabelSet(),
): StructureLabel[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const raw = JSON.parse(readFileSync(join(directory, name), 'utf8')) as RawLabel;
      if (raw.split !== 'dev' && raw.split !== 'heldout')
        throw new Error(`${name}: split must be dev or heldout`);
      const path = join(CORPORA, raw.file);
      const labelled = tables.find((pdf) => pdf.path === path);
      return {
        name: basename(name, '.json'),
        path,
        split: raw.split,
        pages: raw.pages,
        scoresCells: raw.tables_unlabelled !== true,
        expected: {
          headings: raw.headings ?? [],
          listItems: raw.list_items ?? [],
          tables: (labelled?.tables ?? [])
            .filter((table) => raw.pages.includes(table.page))
            .map((table) => table.rows),
        },
      };
    });
}
