import { joinLine } from './layout-blocks.js';
import { toRows } from './layout-rows.js';
import { findTables } from './layout-tables.js';
import { toSlotGroups, toSlotRange } from './lattice-slots.js';
import type { Box, Ruling, TableBlock, TableCell, TextRun } from './layout-types.js';

/** How far apart (page units) two lines may be and still meet or be one. */
const TOLERANCE = 2;
/** Share of a cell's side a ruling must cover to separate it from its neighbour. */
const COVERED = 0.6;
/** More line pairs than this to intersect: a drawing, not a table (keeps the search bounded). */
const MAX_PAIRS = 4_000_000;

/** A ruled table, with the runs its cells took. */
export interface LatticeTable {
  table: TableBlock & { box: Box };
  runs: Set<TextRun>;
}

/**
 * Finds ruled tables: ruling lines that meet form a grid (the distinct x of its vertical lines and
 * y of its horizontal lines); two neighbouring slots with no ruling between them are one cell (a
 * span); each run goes to the cell its middle is in, and a cell's runs are joined line by line. A
 * grid is a table when it has two rows of two filled cells, enough of its cells are filled and its
 * cells are rectangles: a box around text is one cell, and the spaces between a flowchart's boxes are not rectangles.
 */
export function findLatticeTables(runs: readonly TextRun[], rulings: readonly Ruling[]): LatticeTable[] {
  const tables: LatticeTable[] = [];
  const free = new Set(runs);
  for (const component of toRuledGrids(rulings)) {
    const found = toLattice(component.h, component.v, [...free]);
    if (found === undefined || isCoarse(found)) continue;
    for (const run of found.runs) free.delete(run);
    tables.push(found);
  }
  return tables;
}

/**
 * Whether a ruled grid is coarser than the text it frames: rules around a borderless table (above
 * and below its header, a frame) make a grid of a few big cells, each holding many aligned cells.
 * The table read from the text's alignment then has more than twice as many filled cells.
 */
function isCoarse(found: LatticeTable): boolean {
  const filled = found.table.rows.flat().filter((text) => text !== '').length;
  const stream = findTables(toRows([...found.runs]));
  const streamFilled = stream.reduce(
    (sum, table) => sum + table.table.rows.flat().filter((text) => text !== '').length,
    0,
  );
  return streamFilled > 2 * filled;
}

/**
 * The page's ruled grids: its ruling lines, collinear ones merged, in groups that meet (at least
 * two lines each way). None when the lines are too many to intersect (a drawing).
 */
export function toRuledGrids(rulings: readonly Ruling[]): { h: Ruling[]; v: Ruling[] }[] {
  const horizontal = mergeCollinear(
    rulings.filter((line) => line.axis === 'h' && line.to - line.from > TOLERANCE),
  );
  const vertical = mergeCollinear(
    rulings.filter((line) => line.axis === 'v' && line.to - line.from > TOLERANCE),
  );
  if (horizontal.length < 2 || vertical.length < 2 || horizontal.length * vertical.length > MAX_PAIRS)
    return [];
  return toComponents(horizontal, vertical);
}

/**
 * Collinear lines that overlap or touch merged into one, per axis: the lines within the tolerance
 * of one height, taken along their length. (Taken by height alone, a line could join one further
 * along that it does not reach, and the border of a table ran on through the gap into the next.)
 */
function mergeCollinear(lines: Ruling[]): Ruling[] {
  const sorted = [...lines].sort((a, b) => a.at - b.at);
  const merged: Ruling[] = [];
  for (let start = 0; start < sorted.length;) {
    const at = sorted[start]?.at ?? 0;
    let end = start + 1;
    while (end < sorted.length && (sorted[end]?.at ?? at) - at <= TOLERANCE) end += 1;
    let current: Ruling | undefined;
    for (const line of sorted.slice(start, end).sort((a, b) => a.from - b.from)) {
      if (current !== undefined && line.from <= current.to + TOLERANCE)
        current.to = Math.max(current.to, line.to);
      else {
        current = { ...line, at };
        merged.push(current);
      }
    }
    start = end;
  }
  return merged;
}

/** Groups of lines that meet (a vertical crossing or touching a horizontal). */
function toComponents(horizontal: Ruling[], vertical: Ruling[]): { h: Ruling[]; v: Ruling[] }[] {
  const parent = [...horizontal, ...vertical].map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    parent[index] = root;
    return root;
  };
  horizontal.forEach((h, i) => {
    vertical.forEach((v, j) => {
      const meets =
        v.at >= h.from - TOLERANCE &&
        v.at <= h.to + TOLERANCE &&
        h.at >= v.from - TOLERANCE &&
        h.at <= v.to + TOLERANCE;
      if (meets) parent[find(i)] = find(horizontal.length + j);
    });
  });
  const groups = new Map<number, { h: Ruling[]; v: Ruling[] }>();
  const group = (index: number): { h: Ruling[]; v: Ruling[] } => {
    const root = find(index);
    const found = groups.get(root) ?? { h: [], v: [] };
    groups.set(root, found);
    return found;
  };
  horizontal.forEach((line, i) => group(i).h.push(line));
  vertical.forEach((line, j) => group(horizontal.length + j).v.push(line));
  return [...groups.values()].filter((found) => found.h.length >= 2 && found.v.length >= 2);
}

/** Distinct positions, those within the tolerance of each other as one (their mean). */
export function toStops(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const stops: number[][] = [];
  for (const value of sorted) {
    const last = stops.at(-1);
    if (last !== undefined && value - (last.at(-1) ?? value) <= TOLERANCE) last.push(value);
    else stops.push([value]);
  }
  return stops.map((group) => group.reduce((sum, value) => sum + value, 0) / group.length);
}

/** Whether the lines at `at` cover the span [from, to] for most of it. */
function covers(lines: Ruling[], at: number, from: number, to: number): boolean {
  let covered = 0;
  for (const line of lines) {
    if (Math.abs(line.at - at) > TOLERANCE) continue;
    covered += Math.max(0, Math.min(to, line.to) - Math.max(from, line.from));
  }
  return covered >= COVERED * (to - from);
}

/** The index of the slot `value` falls in (between stops), or -1 outside. */
export function slotOf(stops: number[], value: number): number {
  if (value < (stops[0] ?? 0) || value > (stops.at(-1) ?? 0)) return -1;
  let low = 0;
  let high = stops.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((stops[middle] ?? 0) <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The slot a run's middle falls in, if inside the grid. */
function slotOfRun(xs: number[], ys: number[], run: TextRun): { row: number; col: number } | undefined {
  const col = slotOf(xs, run.x + run.width / 2);
  const row = slotOf(ys, run.y - run.size * 0.35);
  return col < 0 || row < 0 ? undefined : { row, col };
}

function toLattice(h: Ruling[], v: Ruling[], runs: TextRun[]): LatticeTable | undefined {
  const xs = toStops(v.map((line) => line.at));
  const ys = toStops(h.map((line) => line.at));
  const columns = xs.length - 1;
  const rowCount = ys.length - 1;
  if (columns < 2 || rowCount < 2) return undefined;
  const occupied = new Set<number>();
  for (const run of runs) {
    const slot = run.str.trim() === '' ? undefined : slotOfRun(xs, ys, run);
    if (slot !== undefined) occupied.add(slot.row * columns + slot.col);
  }
  const slots = toSlotGroups(
    {
      rowCount,
      columns,
      opensRight: (r, c) => !covers(v, xs[c + 1] ?? 0, ys[r] ?? 0, ys[r + 1] ?? 0),
      opensDown: (r, c) => !covers(h, ys[r + 1] ?? 0, xs[c] ?? 0, xs[c + 1] ?? 0),
    },
    occupied,
  );
  const cells: (TableCell & { runs: TextRun[] })[] = [];
  const cellOfSlot = new Map<number, (typeof cells)[number]>();
  const ranges = slots.map((group) => toSlotRange(group, columns));
  // Stops no cell ends at (the edges of a box inside a cell) are no column or row boundary.
  const xAt = toUsedStops(
    xs.length,
    ranges.flatMap((range) => [range.col, range.lastCol + 1]),
  );
  const yAt = toUsedStops(
    ys.length,
    ranges.flatMap((range) => [range.row, range.lastRow + 1]),
  );
  let rectangles = 0;
  slots.forEach((group, index) => {
    const slotRange = ranges[index] ?? toSlotRange(group, columns);
    const { row: firstRow, lastRow, col: firstCol, lastCol } = slotRange;
    if ((lastRow - firstRow + 1) * (lastCol - firstCol + 1) === group.length) rectangles += 1;
    const [row = 0, end = 0, col = 0, right = 0] = [
      yAt.get(firstRow),
      yAt.get(lastRow + 1),
      xAt.get(firstCol),
      xAt.get(lastCol + 1),
    ];
    const box = {
      x0: xs[firstCol] ?? 0,
      x1: xs[lastCol + 1] ?? 0,
      top: ys[firstRow] ?? 0,
      bottom: ys[lastRow + 1] ?? 0,
    };
    const cell = {
      row,
      col,
      rowSpan: end - row,
      colSpan: right - col,
      text: '',
      box,
      runs: [],
    };
    cells.push(cell);
    for (const slot of group) cellOfSlot.set(slot, cell);
  });
  for (const run of runs) {
    const slot = slotOfRun(xs, ys, run);
    const cell = slot === undefined ? undefined : cellOfSlot.get(slot.row * columns + slot.col);
    if (cell === undefined) continue;
    cell.runs.push(run);
  }
  for (const cell of cells) {
    cell.text = toRows(cell.runs)
      .map((line) => line.segments.map((segment) => segment.text).join(' '))
      .reduce(joinLine, '');
  }
  if (rectangles < 0.75 * cells.length) return undefined;
  const kept = withoutEdgeRows(cells, xAt.size - 1);
  return kept === undefined
    ? undefined
    : toTable(
        kept,
        [...xAt.keys()].map((stop) => xs[stop] ?? 0),
      );
}

/** The stops some cell starts or ends at, each with its index among them (the others dropped). */
function toUsedStops(count: number, used: number[]): Map<number, number> {
  const kept = [...new Set(used)].filter((stop) => stop >= 0 && stop < count).sort((a, b) => a - b);
  return new Map(kept.map((stop, index) => [stop, index]));
}

/**
 * The cells without the rows at the top and bottom that are no table rows: empty, or one cell
 * across the whole width (a title or a note inside the frame, left to the text around the table).
 */
function withoutEdgeRows(
  cells: (TableCell & { runs: TextRun[] })[],
  columns: number,
): (TableCell & { runs: TextRun[] })[] | undefined {
  let kept = cells;
  const isEdge = (row: number): boolean => {
    const starting = kept.filter((cell) => cell.row === row);
    if (starting.length === 0 || starting.some((cell) => cell.rowSpan > 1)) return false;
    if (kept.some((cell) => cell.row < row && cell.row + cell.rowSpan > row)) return false;
    return (
      starting.every((cell) => cell.text === '') ||
      (starting.length === 1 && starting[0]?.colSpan === columns)
    );
  };
  for (;;) {
    const first = Math.min(...kept.map((cell) => cell.row));
    const last = Math.max(...kept.map((cell) => cell.row));
    if (kept.length === 0 || first > last) return undefined;
    const edge = isEdge(first) ? first : isEdge(last) ? last : undefined;
    if (edge === undefined) break;
    kept = kept.filter((cell) => cell.row !== edge);
  }
  const top = Math.min(...kept.map((cell) => cell.row));
  return kept.map((cell) => ({ ...cell, row: cell.row - top }));
}

function toTable(cells: (TableCell & { runs: TextRun[] })[], xs: number[]): LatticeTable | undefined {
  const columns = xs.length - 1;
  const rowCount = Math.max(...cells.map((cell) => cell.row + cell.rowSpan));
  const filled = cells.filter((cell) => cell.text !== '');
  const perRow = new Map<number, number>();
  for (const cell of filled) perRow.set(cell.row, (perRow.get(cell.row) ?? 0) + 1);
  const rowsWithTwo = [...perRow.values()].filter((count) => count >= 2).length;
  // Most cells of a table are one slot; a form or a decorated page spans slot after slot.
  const spanning = filled.filter((cell) => cell.rowSpan > 1 || cell.colSpan > 1).length;
  if (rowsWithTwo < 2 || filled.length < 0.3 * cells.length || spanning > 0.4 * filled.length)
    return undefined;
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  const grid = Array.from({ length: rowCount }, () => Array.from({ length: columns }, () => ''));
  for (const cell of cells) {
    const line = grid[cell.row];
    if (line !== undefined) line[cell.col] = cell.text;
  }
  const box = {
    x0: xs[0] ?? 0,
    x1: xs.at(-1) ?? 0,
    top: Math.min(...cells.map((cell) => cell.box.top)),
    bottom: Math.max(...cells.map((cell) => cell.box.bottom)),
  };
  const taken = new Set(cells.flatMap((cell) => cell.runs));
  const tableCells = cells.map(({ runs: _runs, ...cell }) => cell);
  const sizes = [...taken].map((run) => run.size).sort((a, b) => a - b);
  const table = {
    kind: 'table' as const,
    rows: grid,
    cells: tableCells,
    headerRows: toHeaderRows(tableCells, rowCount),
    box,
    size: sizes[Math.floor(sizes.length / 2)] ?? 10,
  };
  return { table, runs: taken };
}

/**
 * Header rows: the first row, grown over the rows its cells span down into, and one more under a
 * cell spanning columns (the row of the columns it groups); at most half the table.
 */
export function toHeaderRows(cells: readonly TableCell[], rowCount: number): number {
  let header = 1;
  for (let changed = true; changed;) {
    changed = false;
    for (const cell of cells) {
      if (cell.row >= header) continue;
      const reach = cell.row + cell.rowSpan + (cell.colSpan > 1 ? 1 : 0);
      if (reach > header) {
        header = reach;
        changed = true;
      }
    }
  }
  return Math.max(1, Math.min(header, Math.floor(rowCount / 2)));
}
