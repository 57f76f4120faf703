import { toRows } from './layout-rows.js';
import type { TextRun } from './layout-types.js';

/** A segment narrower than this share of the page's text width is cell-sized (a column of prose is wider). */
const SHORT = 0.3;
/**
 * Rows with two cell-sized segments a page needs before its drawing is read for ruled tables. The
 * ruled tables of the table corpus have 7 or more; a ruled table has at least two rows of two
 * filled cells, and a prose page (one or two columns) has next to none.
 */
const MIN_TABULAR_ROWS = 3;

/**
 * Whether a page's text may hold a table, so that its operator list (costly: about half the time
 * of reading a page) is worth reading for ruling lines: at least {@link MIN_TABULAR_ROWS} rows that
 * hold two or more segments (runs apart by a column gap) each narrower than
 * {@link SHORT} of the width the page's text spans. A page of prose, in one column or two, does not.
 */
export function mayHoldTable(runs: readonly TextRun[]): boolean {
  return countTabularRows(runs) >= MIN_TABULAR_ROWS;
}

/** Rows of the page holding two or more cell-sized segments side by side. */
export function countTabularRows(runs: readonly TextRun[]): number {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const run of runs) {
    if (run.str.trim() === '') continue;
    x0 = Math.min(x0, run.x);
    x1 = Math.max(x1, run.x + run.width);
  }
  const width = x1 - x0;
  if (!(width > 0)) return 0;
  let count = 0;
  for (const row of toRows([...runs])) {
    const short = row.segments.filter((segment) => segment.x1 - segment.x0 < SHORT * width).length;
    if (short >= 2) count += 1;
  }
  return count;
}
