import type { Row } from './layout-rows.js';
import { isValue } from './layout-table-rows.js';

/** How far beside the rest of the table, in its widest gap between neighbouring cells, text must stand to be another column's. */
const APART = 2;
/** Rows a table needs besides the one looked at before anything is cut from that one. */
const MIN_OTHER_ROWS = 3;

/**
 * A table's rows without the text of the page's other column. A small table set in one column of a
 * two-column page shares baselines with the other column's text (a section heading level with its
 * header row), which would otherwise become a cell of it. A segment is cut from its row when it lies
 * wholly beside the x range the table's other rows span, further from it than {@link APART} times
 * the widest gap between neighbouring cells in those rows: farther than any column of the table is
 * from the next. Values (numbers, fillers) are never cut: a chart's axis or a sparse column is
 * the table's own, and the other column's text is words. A row that would keep nothing is left whole.
 */
export function withoutOtherColumns(run: Row[]): Row[] {
  if (run.length < MIN_OTHER_ROWS + 1) return run;
  return run.map((row, index) => {
    let x0 = Infinity;
    let x1 = -Infinity;
    let gap = 0;
    for (const [k, other] of run.entries()) {
      if (k === index) continue;
      for (const [position, segment] of other.segments.entries()) {
        x0 = Math.min(x0, segment.x0);
        x1 = Math.max(x1, segment.x1);
        const previous = other.segments[position - 1];
        if (previous !== undefined) gap = Math.max(gap, segment.x0 - previous.x1);
      }
    }
    if (!(gap > 0)) return row;
    const reach = APART * gap;
    const kept = row.segments.filter(
      (segment) => isValue(segment.text) || (segment.x1 >= x0 - reach && segment.x0 <= x1 + reach),
    );
    return kept.length === row.segments.length || kept.length === 0 ? row : { ...row, segments: kept };
  });
}
