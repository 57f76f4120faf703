import type { Row } from './layout-rows.js';
import { medianSize, toBoundaries, toExtents, toGridRow, type GridRow } from './layout-table-grid.js';
import {
  CARRIES_ON,
  countHeaderRows,
  filledCount,
  isValue,
  joinHeaderLines,
  joinWrappedLabels,
} from './layout-table-rows.js';
import type { Box, Segment, TableBlock, TableCell } from './layout-types.js';
import { toPageColumns, withoutOtherColumns } from './table-other-columns.js';

/** Longest median cell (characters) a column after the first may have: longer cells are prose. */
const MAX_MEDIAN_CELL_CHARS = 32;
/** Rows of one segment a table may hold in a row (section labels, a label of two lines). */
const MAX_INTERIOR_ROWS = 3;
/** Most columns a borderless table may have. */
const MAX_COLUMNS = 24;
/** Share of rows that must hold values beside a first column of long labels. */
const VALUED_SHARE = 0.6;
/** Share of a value row's slots that must be filled, on average. */
const MIN_FILL = 0.4;

/** A table found in a run of rows, with the rows it used (without the segments of another column beside it). */
export interface FoundTable {
  table: TableBlock;
  box: Box;
  rows: Row[];
}

/**
 * Finds borderless tables: runs of rows that have at least two cells each, with rows of one cell
 * between them kept when that cell stays in the first column (section rows, a label of two lines);
 * columns from the x gaps the rows share ({@link toBoundaries}); header rows above the first row of
 * values, their lines joined; at least three rows of two filled cells, and no column after the first
 * holding prose (two columns of prose are not a table).
 */
export function findTables(rows: Row[]): FoundTable[] {
  const found: FoundTable[] = [];
  let run: Row[] = [];
  let pending: Row[] = [];
  // The last line of one segment read outside a table: it may be the top line of a header cell.
  let before: Row | undefined;
  const flush = (): void => {
    run.push(...continuedLines(pending, run.at(-1)));
    const table = toTable(withoutOtherColumns(run));
    // Rows read across the two columns of a page: a table may stand in one of them.
    const columns = table === undefined ? toPageColumns(run) : undefined;
    if (table !== undefined) found.push(table);
    else if (columns !== undefined) found.push(...columns.flatMap(findTables).filter(holdsFigures));
    run = [];
    pending = [];
  };
  for (const row of rows) {
    const last = pending.at(-1) ?? run.at(-1);
    const size = row.segments[0]?.size ?? 10;
    if (last !== undefined && row.y - last.y > 3 * size && !opensSection(row, run, last)) flush();
    // Above the first row of values, lines of one segment under the run's cells are header lines.
    const header = run.length > 0 && !run.some(holdsValues);
    if (row.segments.length >= 2) {
      if (run.length === 0 && before !== undefined && !holdsValues(row) && topsHeaderCell(before, row))
        run.push(before);
      before = undefined;
      // Lines that do not lead into the row (prose of the next column between a small table's
      // rows) stay text; the table goes on.
      const belongs = pending.every((one) => leadsInto([one], row) || (header && staysUnder(one, run)));
      run.push(...(belongs ? pending : []), row);
      pending = [];
    } else if (
      run.length > 0 &&
      pending.length < MAX_INTERIOR_ROWS &&
      (staysInFirstColumn(row, run) || (header && staysUnder(row, run)))
    ) {
      pending.push(row);
    } else {
      pending.push(row); // it may still carry on a cell of the last row (continuedLines)
      flush();
      before = row;
    }
  }
  flush();
  return found;
}

/**
 * The lines after a table's last row that carry on one of its cells: each alone on its line,
 * starting in lowercase (or with a parenthesis) where a cell of that row starts and ending short of
 * the next ("(each day of the payroll period)" under its label). Lines of the page's other column
 * between them stay text.
 */
function continuedLines(pending: Row[], last: Row | undefined): Row[] {
  if (last === undefined) return [];
  const cells = last.segments;
  return pending.filter((row) => {
    const [line] = row.segments;
    if (line === undefined || row.segments.length !== 1 || !CARRIES_ON.test(line.text)) return false;
    // Set where a cell of the last row starts (a label's own line may be indented), and short of the next cell.
    const index = cells.findIndex((cell) => Math.abs(cell.x0 - line.x0) <= line.size);
    const next = cells[index + 1];
    return index >= 0 && (next === undefined || line.x1 < next.x0);
  });
}

/**
 * Whether a line of one segment just above a row of cells is the top line of one of its header
 * cells after the first ("One Withholding" over "Allowance"): short, right above the row, over a
 * later cell of it and clear of its first.
 */
function topsHeaderCell(line: Row, row: Row): boolean {
  const [segment] = line.segments;
  const [first, ...later] = row.segments;
  if (segment === undefined || first === undefined || line.segments.length !== 1) return false;
  const over = (cell: Segment): boolean => cell.x0 < segment.x1 && cell.x1 > segment.x0;
  return (
    row.y - line.y <= 1.5 * segment.size &&
    segment.text.length <= MAX_MEDIAN_CELL_CHARS &&
    !over(first) &&
    later.some(over)
  );
}

/**
 * Whether a line after a wider gap than three lines of text is the label of the next section of the
 * same table of figures ("Class B" between groups of rows): alone in the first column, and no
 * further below the last row than twice the table's usual distance between rows (a table set with
 * open rows leaves that much room above a section label).
 */
function opensSection(row: Row, run: readonly Row[], last: Row): boolean {
  const steps = run.slice(1).map((one, index) => one.y - (run[index]?.y ?? one.y));
  return (
    row.segments.length === 1 &&
    run.some(holdsValues) &&
    staysInFirstColumn(row, [...run]) &&
    row.y - last.y <= 2 * median(steps)
  );
}

/**
 * Whether most body rows of a table found in one column of a two-column page hold values after
 * their first cell (a small table of figures there; a code listing with line numbers is none).
 */
function holdsFigures(found: FoundTable): boolean {
  const body = found.table.rows.slice(found.table.headerRows ?? 1);
  const valued = body.filter((row) => row.some((cell, column) => column > 0 && isValue(cell))).length;
  return valued * 2 >= body.length;
}

/** Whether a row holds a value after its first segment. */
function holdsValues(row: Row): boolean {
  return row.segments.some((segment, index) => index > 0 && isValue(segment.text));
}

/** Whether a row of one segment stands under the run's cells after the first (a header's line). */
function staysUnder(row: Row, run: Row[]): boolean {
  const [segment] = row.segments;
  if (segment === undefined) return false;
  const cells = run.flatMap((other) => other.segments.slice(1));
  return (
    cells.some((cell) => cell.x0 < segment.x1 && cell.x1 > segment.x0) &&
    segment.x0 >= Math.min(...cells.map((cell) => cell.x0)) - segment.size &&
    segment.x1 <= Math.max(...cells.map((cell) => cell.x1)) + segment.size
  );
}

/** Whether a row of one segment stays left of where the run's second cells start. */
function staysInFirstColumn(row: Row, run: Row[]): boolean {
  const [segment] = row.segments;
  if (segment === undefined) return false;
  let left = Infinity;
  let second = Infinity;
  for (const other of run) {
    left = Math.min(left, other.segments[0]?.x0 ?? Infinity);
    second = Math.min(second, other.segments[1]?.x0 ?? Infinity);
  }
  return segment.x0 >= left - 2 * segment.size && segment.x1 <= second + 0.5 * segment.size;
}

/**
 * Whether rows of one segment belong with the row of cells that follows them: they start where its
 * first cell starts (a section label, the first line of a label). Lines of prose from the next
 * column, interleaved with a small table's rows, start elsewhere.
 */
function leadsInto(pending: Row[], row: Row): boolean {
  const first = row.segments[0];
  if (first === undefined) return false;
  return pending.every((one) => Math.abs((one.segments[0]?.x0 ?? Infinity) - first.x0) <= 3 * first.size);
}

/** A row set this much larger than the table's text above it is its title, not a header row. */
const TITLE_SIZE = 1.25;

function toTable(run: Row[]): FoundTable | undefined {
  const body = medianSize(run);
  const start = run.findIndex((row) => medianSize([row]) < TITLE_SIZE * body);
  const rows = start <= 0 ? run : run.slice(start);
  const width = Math.max(0, ...rows.map((row) => row.segments.length));
  if (rows.length < 3 && !(rows.length === 2 && width >= 3)) return undefined;
  const boundaries = toBoundaries(rows);
  if (boundaries.length < 1 || boundaries.length + 1 > MAX_COLUMNS) return undefined;
  const byStart = rows.map((row) => toGridRow(row, { boundaries }));
  const valueRows = byStart.slice(countHeaderRows(byStart)).filter((row) => filledCount(row) >= 2);
  const columns = { boundaries, extents: toExtents(valueRows, { boundaries }) };
  const placed = rows.map((row) => toGridRow(row, columns));
  const headerRows = countHeaderRows(placed);
  const header = joinHeaderLines(placed, headerRows);
  const kept = withoutEmptyColumns([...header, ...joinWrappedLabels(placed.slice(headerRows))], boundaries);
  const grid = kept.grid;
  if (!looksTabular(grid, kept.boundaries.length + 1)) return undefined;
  const size = medianSize(rows);
  const box = {
    x0: Math.min(...rows.flatMap((row) => row.segments.map((segment) => segment.x0))),
    x1: Math.max(...rows.flatMap((row) => row.segments.map((segment) => segment.x1))),
    top: Math.min(...rows.map((row) => row.y - size)),
    bottom: Math.max(...rows.map((row) => row.y)),
  };
  const table: TableBlock = { kind: 'table', rows: grid.map((row) => row.cells), box, size };
  table.headerRows = Math.max(1, header.length);
  if (grid.some((row) => row.spans.some((span) => span > 1)))
    table.cells = toCells(grid, kept.boundaries, box);
  return { table, box, rows };
}

/** The grid without columns no row fills (a column whose only text went to its neighbour). */
function withoutEmptyColumns(
  grid: GridRow[],
  boundaries: number[],
): { grid: GridRow[]; boundaries: number[] } {
  const empty = new Set(
    boundaries
      .map((_, index) => index)
      .concat(boundaries.length)
      .filter((column) => grid.every((row) => row.cells[column] === '')),
  );
  if (empty.size === 0) return { grid, boundaries };
  const keep = (_: unknown, column: number): boolean => !empty.has(column);
  return {
    grid: grid.map((row) => ({ ...row, cells: row.cells.filter(keep), spans: row.spans.filter(keep) })),
    // A column's start goes with it (the first column keeps the page's left edge).
    boundaries: boundaries.filter((_, index) => !empty.has(index + 1)).slice(empty.has(0) ? 1 : 0),
  };
}

/**
 * Enough rows of several filled cells, filled enough, and no column of prose: a first column of
 * long labels ("Children age 6-9 months receiving …") only beside columns of values, in most rows
 * (prose beside a figure's labels, or beside a code listing, is not a table).
 */
function looksTabular(grid: GridRow[], width: number): boolean {
  const full = grid.filter((row) => filledCount(row) >= 2);
  if (full.length < 2 || (full.length === 2 && width < 3)) return false;
  const fill = full.reduce((sum, row) => sum + filledCount(row), 0) / (full.length * width);
  if (fill < MIN_FILL) return false;
  for (let column = 0; column < width; column += 1) {
    const lengths = full.map((row) => row.cells[column] ?? '').filter((cell) => cell !== '');
    if (median(lengths.map((cell) => cell.length)) <= MAX_MEDIAN_CELL_CHARS) continue;
    if (column > 0) return false;
    const valued = full.filter((row) => row.cells.some((cell, index) => index > 0 && isValue(cell)));
    if (valued.length < VALUED_SHARE * full.length) return false;
  }
  return true;
}

/** The cells of a grid with spans (a header over several columns), boxed by their columns and rows. */
function toCells(grid: GridRow[], boundaries: number[], box: Box): TableCell[] {
  const cells: TableCell[] = [];
  const edges = [box.x0, ...boundaries, box.x1];
  grid.forEach((row, index) => {
    const size = row.row.segments[0]?.size ?? 10;
    let covered = 0;
    row.cells.forEach((text, col) => {
      if (col < covered) return;
      // A span stops at the next cell holding text of its own.
      let colSpan = 1;
      while (colSpan < (row.spans[col] ?? 1) && row.cells[col + colSpan] === '') colSpan += 1;
      covered = col + colSpan;
      const cellBox = {
        x0: edges[col] ?? box.x0,
        x1: edges[col + colSpan] ?? box.x1,
        top: row.row.y - size,
        bottom: row.row.y,
      };
      cells.push({ row: index, col, rowSpan: 1, colSpan, text, box: cellBox });
    });
  });
  return cells;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
