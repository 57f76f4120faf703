import type { Row } from './layout-rows.js';
import type { Box, Segment, TableBlock } from './layout-types.js';

/** Longest median cell (characters) a table may have: longer cells are columns of prose. */
const MAX_MEDIAN_CELL_CHARS = 32;

/** A table found in a run of rows, with the rows it used. */
export interface FoundTable {
  table: TableBlock;
  box: Box;
  rows: Row[];
}

/**
 * Finds tables: runs of consecutive rows that have at least two cells each, whose cells line up in
 * the same columns, and whose cells are short (prose in two columns is not a table).
 */
export function findTables(rows: Row[]): FoundTable[] {
  const found: FoundTable[] = [];
  let run: Row[] = [];
  const flush = (): void => {
    const table = toTable(run);
    if (table !== undefined) found.push(table);
    run = [];
  };
  for (const row of rows) {
    const previous = run.at(-1);
    const size = row.segments[0]?.size ?? 10;
    const close = previous === undefined || row.y - previous.y <= 3 * size;
    if (row.segments.length >= 2 && close) {
      run.push(row);
    } else {
      flush();
      if (row.segments.length >= 2) run.push(row);
    }
  }
  flush();
  return found;
}

function toTable(rows: Row[]): FoundTable | undefined {
  const width = Math.max(0, ...rows.map((row) => row.segments.length));
  if (rows.length < 3 && !(rows.length === 2 && width >= 3)) return undefined;
  const cells = rows.flatMap((row) => row.segments);
  const columns = toColumns(cells);
  if (columns.length < 2 || columns.length > 20) return undefined;
  const table: string[][] = [];
  const lengths: number[][] = columns.map(() => []);
  for (const row of rows) {
    const line = columns.map(() => '');
    for (const cell of row.segments) {
      const index = columns.findIndex((column) => cell.x0 < column.x1 && cell.x1 > column.x0);
      if (index < 0) return undefined;
      line[index] = line[index] === '' ? cell.text : `${line[index]} ${cell.text}`;
      lengths[index]?.push(cell.text.length);
    }
    table.push(line);
  }
  // Every column must hold short cells: a column of prose beside a figure or code is not a table.
  if (lengths.some((column) => median(column) > MAX_MEDIAN_CELL_CHARS)) return undefined;
  const top = Math.min(...rows.map((row) => row.y - (row.segments[0]?.size ?? 10)));
  const bottom = Math.max(...rows.map((row) => row.y));
  const box = {
    x0: Math.min(...columns.map((c) => c.x0)),
    x1: Math.max(...columns.map((c) => c.x1)),
    top,
    bottom,
  };
  return { table: { kind: 'table', rows: table, box }, box, rows };
}

/** Merges the horizontal extents of all cells into column intervals. */
function toColumns(cells: Segment[]): { x0: number; x1: number }[] {
  const sorted = [...cells].sort((a, b) => a.x0 - b.x0);
  const columns: { x0: number; x1: number }[] = [];
  for (const cell of sorted) {
    const last = columns.at(-1);
    if (last !== undefined && cell.x0 < last.x1) last.x1 = Math.max(last.x1, cell.x1);
    else columns.push({ x0: cell.x0, x1: cell.x1 });
  }
  return columns;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
