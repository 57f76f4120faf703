import type { Grid } from '../pdf-tables/cell-adjacency.js';
import { addCounts, countMatches, NO_COUNTS, toKey, type Counts } from './counts.js';
import type { Structure } from './markdown-structure.js';

/** The structure counts of one file: all elements, and each kind alone. */
export interface StructureCounts {
  all: Counts;
  headings: Counts;
  /** Headings compared by their text alone (a level off by one still matches). */
  headingTexts: Counts;
  listItems: Counts;
  cells: Counts;
}

/** No elements on either side. */
export const NO_STRUCTURE_COUNTS: StructureCounts = {
  all: NO_COUNTS,
  headings: NO_COUNTS,
  headingTexts: NO_COUNTS,
  listItems: NO_COUNTS,
  cells: NO_COUNTS,
};

/** Headings with their levels shifted so the shallowest is 1 (as `raw_source` writes them). */
export function withShallowestLevelOne(structures: readonly Structure[]): Structure[] {
  const levels = structures.flatMap((structure) => structure.headings.map((heading) => heading.level));
  const shift = levels.length === 0 ? 0 : Math.min(...levels) - 1;
  return structures.map((structure) => ({
    ...structure,
    headings: structure.headings.map((heading) => ({ ...heading, level: heading.level - shift })),
  }));
}

function bags(structure: Structure): Record<'headings' | 'headingTexts' | 'listItems' | 'cells', string[]> {
  return {
    headings: structure.headings.map((heading) => `h${String(heading.level)}:${toKey(heading.text)}`),
    headingTexts: structure.headings.map((heading) => `h:${toKey(heading.text)}`),
    listItems: structure.listItems.map((item) => `li:${toKey(item)}`).filter((key) => key !== 'li:'),
    cells: structure.tables.flatMap((grid: Grid) =>
      grid.flatMap((row) => row.map((cell) => `cell:${toKey(cell)}`)).filter((key) => key !== 'cell:'),
    ),
  };
}

/**
 * Structure counts of an output's structure against a label's, over the same pages: headings with
 * their levels, list items and non-empty table cells, as bags of normalized texts.
 */
export function countStructure(found: Structure, labelled: Structure): StructureCounts {
  const ours = bags(found);
  const truth = bags(labelled);
  const headings = countMatches(ours.headings, truth.headings);
  const listItems = countMatches(ours.listItems, truth.listItems);
  const cells = countMatches(ours.cells, truth.cells);
  return {
    all: addCounts(addCounts(headings, listItems), cells),
    headings,
    headingTexts: countMatches(ours.headingTexts, truth.headingTexts),
    listItems,
    cells,
  };
}

/** The sum of two files' structure counts. */
export function addStructureCounts(a: StructureCounts, b: StructureCounts): StructureCounts {
  return {
    all: addCounts(a.all, b.all),
    headings: addCounts(a.headings, b.headings),
    headingTexts: addCounts(a.headingTexts, b.headingTexts),
    listItems: addCounts(a.listItems, b.listItems),
    cells: addCounts(a.cells, b.cells),
  };
}
