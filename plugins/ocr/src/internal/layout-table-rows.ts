import type { GridRow } from './layout-table-grid.js';

/** A value cell: a number (with thousands separators, a sign, a percent, a footnote mark) or a filler. */
const NUMERIC = /^(?:[-–—+±(]?[$€£¥]?\s?\d[\d,.\s]*%?\)?\s*[*a-z†‡]?|NA|N\/A|n\.a\.|[-–—…]|\.{2,}|\*+|x)$/i;
/** Most header rows a borderless table may have above its first row of values. */
const MAX_HEADER_ROWS = 6;
/** A line that ends this way goes on in the next line ("Offenses against the family and"). */
const OPEN_END = /(?:\b(?:and|or|of|the|for|to|in|with|by|on|at|from|per|a|an)|[,&(/–-])$/i;

/** A line that starts in lowercase, or with a parenthesis before lowercase, carries on the text above it. */
export const CARRIES_ON = /^\(?\p{Ll}/u;

/** Whether a cell holds a value (a number or a filler such as "NA" or "–"). */
export function isValue(text: string): boolean {
  return NUMERIC.test(text.trim());
}

/** How many cells of a row hold text. */
export function filledCount(row: GridRow): number {
  return row.cells.filter((cell) => cell !== '').length;
}

/**
 * The header rows of a table: the rows above its first row with a value beyond its first column
 * (at most {@link MAX_HEADER_ROWS}); one when most rows hold no values (a table of words).
 */
export function countHeaderRows(rows: readonly GridRow[]): number {
  const holdsValues = (row: GridRow): boolean =>
    row.cells.some((cell, column) => column > 0 && isValue(cell));
  let first = rows.findIndex(holdsValues);
  if (first < 0 || first > MAX_HEADER_ROWS) return 1;
  // Rows with text in the first column only, just above the values, are section rows.
  const isSection = (row: GridRow | undefined): boolean =>
    row !== undefined && filledCount(row) === 1 && row.cells[0] !== '';
  while (first > 1 && isSection(rows[first - 1])) first -= 1;
  // Only a table of values: in a table of words, a number here and there says nothing of its header.
  const body = rows.slice(first).filter((row) => filledCount(row) >= 2);
  const valued = body.filter(holdsValues).length;
  if (valued * 2 < body.length || valued < Math.max(2, first)) return 1;
  return first;
}

/**
 * Header rows whose cells each sit in one column are lines of the same header cells ("to air" over
 * "kg/year"): they are joined into one row, each column's lines top down. A row with a cell
 * spanning columns (a group header) stays a row of its own. Returns the header rows only.
 */
export function joinHeaderLines(rows: readonly GridRow[], headerRows: number): GridRow[] {
  const joined: GridRow[] = [];
  let open: GridRow | undefined;
  for (const row of rows.slice(0, headerRows)) {
    const spanning = row.spans.some((span) => span > 1);
    if (spanning) {
      joined.push(row);
      open = undefined;
      continue;
    }
    if (open === undefined) {
      open = { ...row, cells: [...row.cells], spans: [...row.spans] };
      joined.push(open);
      continue;
    }
    const target = open;
    row.cells.forEach((cell, column) => {
      if (cell === '') return;
      const before = target.cells[column] ?? '';
      target.cells[column] = before === '' ? cell : `${before} ${cell}`;
      target.spans[column] = Math.max(1, target.spans[column] ?? 0);
    });
  }
  return joined;
}

/**
 * Body rows as the table means them: a row label broken over two lines is one label (the first line
 * alone in the first column, ending open or followed by a lowercase line), and a line with text only
 * in the first column is otherwise a section row of the same table ("Sex", "Race/Ethnicity"), kept.
 */
export function joinWrappedLabels(rows: readonly GridRow[]): GridRow[] {
  const joined: GridRow[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index];
    const next = rows[index + 1];
    if (row === undefined) continue;
    const label = row.cells[0] ?? '';
    const alone = label !== '' && filledCount(row) === 1;
    const nextLabel = next?.cells[0] ?? '';
    if (alone && next !== undefined && nextLabel !== '' && filledCount(next) > 1) {
      if (OPEN_END.test(label) || CARRIES_ON.test(nextLabel)) {
        joined.push({ ...next, cells: [`${label} ${nextLabel}`, ...next.cells.slice(1)] });
        index += 1;
        continue;
      }
    }
    const previous = joined.at(-1);
    if (alone && previous !== undefined && filledCount(previous) > 1 && CARRIES_ON.test(label)) {
      previous.cells[0] = `${previous.cells[0] ?? ''} ${label}`.trim();
      continue;
    }
    // A lowercase line alone in a later cell carries on the same cell of the row above.
    const only = row.cells.findIndex((cell) => cell !== '');
    const carried = row.cells[only] ?? '';
    if (
      only > 0 &&
      filledCount(row) === 1 &&
      previous !== undefined &&
      filledCount(previous) > 1 &&
      (previous.cells[only] ?? '') !== '' &&
      CARRIES_ON.test(carried)
    ) {
      previous.cells[only] = `${previous.cells[only] ?? ''} ${carried}`;
      continue;
    }
    joined.push(row);
  }
  return joined;
}
