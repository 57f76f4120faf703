import type { Row } from './layout-rows.js';
import type { Segment } from './layout-types.js';

/** A word of a segment with its horizontal extent (estimated from its run's width and characters). */
interface Word {
  text: string;
  x0: number;
  x1: number;
}

/** One row of a borderless table: a cell's text per column, and how many columns each cell covers. */
export interface GridRow {
  row: Row;
  cells: string[];
  spans: number[];
}

/** Share of a table's rows that may cross a column gap (spanning headers, items spanning two cells). */
const CROSSING_SHARE = 0.15;
/** Narrowest column gap, in ems. */
const MIN_GAP_EM = 0.3;
/** A segment is cut at a column boundary only where its words stand this far apart (ems). */
const WORD_GAP_EM = 0.4;
/** Two words of different columns are two cells from this gap on (ems): wider than a space. */
const SPLIT_GAP_EM = 0.6;

/**
 * The column boundaries of a borderless table (x where a column starts, after the first): the
 * right ends of the x ranges that (almost) no row's segment covers, among the rows holding two
 * segments or more. At most {@link CROSSING_SHARE} of those rows may cross a gap (a header
 * spanning two columns, a pdf.js item holding two cells); the boundary is where the next column's
 * leftmost cell starts, so a right-aligned column is bounded by its widest value.
 */
export function toBoundaries(rows: readonly Row[]): number[] {
  const spanning = rows.filter((row) => row.segments.length >= 2);
  const allowed = Math.floor(CROSSING_SHARE * spanning.length);
  const events: [number, number][] = [];
  for (const row of spanning)
    for (const segment of row.segments)
      for (const piece of toPieces(segment)) events.push([piece.x0, 1], [piece.x1, -1]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const size = medianSize(spanning);
  const boundaries: number[] = [];
  let depth = 0;
  let gapStart: number | undefined;
  // Where the cells after the gap begin: the first start since the last cell ended.
  let riseStart: number | undefined;
  let started = false;
  for (const [x, step] of events) {
    const before = depth;
    depth += step;
    if (step < 0) riseStart = undefined;
    else riseStart ??= x;
    if (started && before > allowed && depth <= allowed) gapStart = x;
    if (before <= allowed && depth > allowed) {
      const at = riseStart ?? x;
      if (gapStart !== undefined && at - gapStart >= MIN_GAP_EM * size) boundaries.push(at);
      gapStart = undefined;
      started = true;
    }
  }
  return boundaries;
}

/**
 * A segment's stretches of words set no wider apart than a space: two numbers closer than the
 * row's column gap ("47,824,589 9,967,837") still show the gap between their columns.
 */
function toPieces(segment: Segment): Word[] {
  if (segment.runs === undefined || !/\s/.test(segment.text)) return [segment];
  const pieces: Word[] = [];
  for (const word of toWords(segment.runs)) {
    const last = pieces.at(-1);
    if (last !== undefined && word.x0 - last.x1 < SPLIT_GAP_EM * segment.size) last.x1 = word.x1;
    else pieces.push({ ...word });
  }
  return pieces;
}

/** The median font size of the rows' segments. */
export function medianSize(rows: readonly Row[]): number {
  const sizes = rows.flatMap((row) => row.segments.map((segment) => segment.size)).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 10;
}

/** The columns of a table: where each starts (after the first) and, once known, the x range its values fill. */
export interface Columns {
  boundaries: readonly number[];
  /** Per column, the x range of its cells in the rows of values (a header may stand wider). */
  extents?: readonly { x0: number; x1: number }[];
}

/**
 * Places a row's segments in the columns: a segment is cut between two words that stand apart
 * where a column starts, or (once the columns' extents are known) between two words set apart that
 * belong to different columns (two cells in one pdf.js item, or too close for the row's own
 * segments); a piece still crossing columns is one cell spanning them (a header over two columns).
 * With extents, a piece goes to the column whose values it overlaps most: a header wider than its
 * right-aligned numbers starts left of their column.
 */
export function toGridRow(row: Row, columns: Columns): GridRow {
  const width = columns.boundaries.length + 1;
  const cells = Array.from({ length: width }, () => '');
  const spans = Array.from({ length: width }, () => 0);
  for (const segment of row.segments) {
    for (const piece of cutAtBoundaries(segment, columns)) {
      const [first, last] = columnsOf(piece, columns);
      cells[first] = cells[first] === '' ? piece.text : `${cells[first] ?? ''} ${piece.text}`;
      spans[first] = Math.max(spans[first] ?? 0, last - first + 1);
    }
  }
  return { row, cells, spans };
}

/** The x ranges the cells of the given rows fill, per column. */
export function toExtents(rows: readonly GridRow[], columns: Columns): { x0: number; x1: number }[] {
  const extents = columns.boundaries.map(() => ({ x0: Infinity, x1: -Infinity }));
  extents.push({ x0: Infinity, x1: -Infinity });
  for (const { row } of rows)
    for (const segment of row.segments)
      for (const piece of cutAtBoundaries(segment, columns)) {
        const [first, last] = columnsOf(piece, columns);
        const extent = extents[first];
        if (first !== last || extent === undefined) continue;
        extent.x0 = Math.min(extent.x0, piece.x0);
        extent.x1 = Math.max(extent.x1, piece.x1);
      }
  return extents;
}

/** The first and last column a piece covers. */
function columnsOf(piece: Word, columns: Columns): [number, number] {
  const { boundaries, extents } = columns;
  if (extents === undefined) {
    const first = columnOf(piece.x0 + 0.01, boundaries);
    return [first, Math.max(first, columnOf(piece.x1 - 0.01, boundaries))];
  }
  let best = -1;
  let bestOverlap = 0;
  const covered: number[] = [];
  extents.forEach((extent, column) => {
    const overlap = Math.min(piece.x1, extent.x1) - Math.max(piece.x0, extent.x0);
    if (overlap > 0) covered.push(column);
    if (overlap > bestOverlap) {
      best = column;
      bestOverlap = overlap;
    }
  });
  if (best < 0) {
    // In a gap between columns: the nearest column.
    const middle = (piece.x0 + piece.x1) / 2;
    const distance = (extent: { x0: number; x1: number }): number =>
      Math.max(0, extent.x0 - middle, middle - extent.x1);
    const nearest = extents.reduce(
      (found, extent, column) => (distance(extent) < distance(extents[found] ?? extent) ? column : found),
      0,
    );
    return [nearest, nearest];
  }
  return [Math.min(best, ...covered), Math.max(best, ...covered)];
}

function columnOf(x: number, boundaries: readonly number[]): number {
  let column = 0;
  while (column < boundaries.length && x >= (boundaries[column] ?? Infinity)) column += 1;
  return column;
}

/** A segment as one or more pieces, cut where its words stand apart at a column's start. */
function cutAtBoundaries(segment: Segment, columns: Columns): Word[] {
  const whole = [{ text: segment.text, x0: segment.x0, x1: segment.x1 }];
  const { boundaries, extents } = columns;
  const inside = boundaries.filter((at) => at > segment.x0 + 0.5 && at < segment.x1 - 0.5);
  if ((inside.length === 0 && extents === undefined) || segment.runs === undefined) return whole;
  const words = toWords(segment.runs);
  const pieces: Word[][] = [[]];
  const gap = WORD_GAP_EM * segment.size;
  const near = 0.1 * segment.size;
  for (const word of words) {
    const current = pieces.at(-1) ?? [];
    const previous = current.at(-1);
    if (previous === undefined) {
      current.push(word);
      continue;
    }
    // After a dot leader any space is a cell's end ("Total . . . . 11,062.6").
    const apart = word.x0 - previous.x1 >= gap || /^\.+$/.test(previous.text);
    const cut =
      inside.some(
        (at) =>
          // A boundary in the space between two words, or a wide space around a boundary.
          (previous.x1 <= at + near && word.x0 >= at - near) ||
          (apart && previous.x1 <= at + gap && word.x0 >= at - gap),
      ) ||
      (word.x0 - previous.x1 >= SPLIT_GAP_EM * segment.size &&
        extents !== undefined &&
        columnsOf(previous, columns)[1] < columnsOf(word, columns)[0]);
    if (cut) pieces.push([word]);
    else current.push(word);
  }
  // Words re-read from the runs must say what the segment says (right-to-left lines do not).
  const same = words.map((word) => word.text).join('') === segment.text.replace(/\s+/g, '');
  if (pieces.length === 1 || !same) return whole;
  return pieces
    .filter((piece) => piece.length > 0)
    .map((piece) => ({
      text: piece.map((word) => word.text).join(' '),
      x0: piece[0]?.x0 ?? segment.x0,
      x1: piece.at(-1)?.x1 ?? segment.x1,
    }));
}

/** Widest advance (ems) a glyph is taken to have: a run wider than its glyphs has wide spaces. */
const GLYPH_EM = 0.55;

/**
 * The words of runs, placed within their run: glyphs at most {@link GLYPH_EM} wide, the rest of
 * the run's width shared by its spaces (an item holding two cells is wide at its spaces).
 */
function toWords(runs: Segment['runs'] & object): Word[] {
  const words: Word[] = [];
  for (const run of runs) {
    const spaces = run.str.match(/\s/g)?.length ?? 0;
    const glyphs = run.str.length - spaces;
    const even = run.width / Math.max(1, run.str.length);
    const glyph = spaces === 0 ? even : Math.min(even, GLYPH_EM * run.size);
    const space = spaces === 0 ? glyph : Math.max(glyph, (run.width - glyphs * glyph) / spaces);
    let x = run.x;
    for (const match of run.str.matchAll(/(\s*)(\S+)/g)) {
      const [, lead = '', text = ''] = match;
      x += lead.length * space;
      const word = { text, x0: x, x1: x + text.length * glyph };
      x = word.x1;
      const last = words.at(-1);
      // Pieces of one word drawn as separate items ("Tot" "al") join; "11,062" ".6" stay apart.
      if (last !== undefined && lead === '' && word.x0 - last.x1 < 0.15 * run.size) {
        last.text += word.text;
        last.x1 = word.x1;
      } else words.push(word);
    }
  }
  return words;
}
