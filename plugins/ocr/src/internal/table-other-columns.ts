import type { Row } from './layout-rows.js';
import type { Segment } from './layout-types.js';
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

/** Characters past which a segment is a line of prose (no cell of a borderless table is that long). */
const PROSE_CHARS = 32;
/** Lines of prose each column needs for a run of rows to be taken for two columns of a page. */
const MIN_PROSE_LINES = 3;

/**
 * A run of rows read across both columns of a two-column page, cut into each column's rows: a
 * table set in one column (rows of label and value among the lines of prose) is looked for in that
 * column alone. The cut is the widest gap no segment crosses, with at least
 * {@link MIN_PROSE_LINES} lines of prose on either side (text beside a figure's labels is no second
 * column of prose). None when there is no such gap.
 */
export function toPageColumns(run: readonly Row[]): [Row[], Row[]] | undefined {
  const spans = run
    .flatMap((row) => row.segments.map((segment) => [segment.x0, segment.x1] as const))
    .sort((a, b) => a[0] - b[0]);
  let gutter: { from: number; to: number } | undefined;
  let reach = spans[0]?.[1] ?? 0;
  for (const [x0, x1] of spans) {
    if (x0 > reach && (gutter === undefined || x0 - reach > gutter.to - gutter.from))
      gutter = { from: reach, to: x0 };
    reach = Math.max(reach, x1);
  }
  if (gutter === undefined) return undefined;
  const { from, to } = gutter;
  const side = (keep: (segment: Segment) => boolean): Row[] =>
    run
      .map((row) => ({ ...row, segments: row.segments.filter(keep) }))
      .filter((row) => row.segments.length > 0);
  const left = side((segment) => segment.x1 <= from);
  const right = side((segment) => segment.x0 >= to);
  const prose = (rows: Row[]): number =>
    rows.filter((row) => row.segments.some((segment) => segment.text.length > PROSE_CHARS)).length;
  return prose(left) >= MIN_PROSE_LINES && prose(right) >= MIN_PROSE_LINES ? [left, right] : undefined;
}
