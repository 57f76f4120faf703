import { slotOf, toRuledGrids, toStops } from './layout-lattice.js';
import type { Box, Ruling, TextRun } from './layout-types.js';

/** Fewest slots each way a ruled grid needs to be taken for a chart's plot area. */
const MIN_SLOTS = 3;
/**
 * Largest share of a plot area's surface that its slots holding text cover: a chart's grid is
 * mostly empty (diesel_engines' Figure 1: 0.16), a ruled table's cells mostly filled (0.30 to 0.70
 * on the corpus's ruled tables, whose thin slots between double rules are empty; counting slots
 * instead of surface put them at 0.10 to 0.13, with the chart). A sparse table (a party with few
 * candidates on vertical_header's page 3) can be as empty, so a value axis is asked for as well.
 */
const MAX_FILLED_AREA = 0.25;
/**
 * The same share when the value axis's ticks sit on the grid's horizontal lines, which a table's
 * text does not: a chart whose curves are labelled all over (diesel_engines' Figure 2: 0.29) can be
 * fuller, but not as full as most tables.
 */
const MAX_FILLED_AREA_ON_LINES = 0.5;
/** Fewest ticks of a value axis. */
const MIN_TICKS = 3;
/** A number alone: an axis tick ("100", "2.5", "40%"). */
const TICK = /^-?\d+(?:[.,]\d+)?%?$/;
/** Share of a borderless table's box inside a plot area past which it is the chart's labels. */
const MAX_INSIDE_SHARE = 0.5;

/**
 * The plot areas of a page's charts: ruled grids of at least 3 by 3 slots whose slots holding text
 * cover little of them (a chart's gridlines, framed with its axes), unlike a table's grid, whose
 * cells are filled, and with a value axis down their left side ({@link findValueAxis}).
 * Text inside one (curve labels, axis ticks in rows) is the chart's, not a table's.
 */
export function findPlotAreas(runs: readonly TextRun[], rulings: readonly Ruling[]): Box[] {
  const areas: Box[] = [];
  for (const grid of toRuledGrids(rulings)) {
    const xs = toStops(grid.v.map((line) => line.at));
    const ys = toStops(grid.h.map((line) => line.at));
    const columns = xs.length - 1;
    if (columns < MIN_SLOTS || ys.length - 1 < MIN_SLOTS) continue;
    const filled = new Set<number>();
    for (const run of runs) {
      const column = slotOf(xs, run.x + run.width / 2);
      const row = slotOf(ys, run.y - run.size * 0.35);
      if (column >= 0 && row >= 0) filled.add(row * columns + column);
    }
    let covered = 0;
    for (const slot of filled) {
      const [row, column] = [Math.floor(slot / columns), slot % columns];
      covered += ((xs[column + 1] ?? 0) - (xs[column] ?? 0)) * ((ys[row + 1] ?? 0) - (ys[row] ?? 0));
    }
    const surface = ((xs.at(-1) ?? 0) - (xs[0] ?? 0)) * ((ys.at(-1) ?? 0) - (ys[0] ?? 0));
    const axis = findValueAxis(runs, xs, ys);
    const most = axis?.onLines === true ? MAX_FILLED_AREA_ON_LINES : MAX_FILLED_AREA;
    if (axis === undefined || covered > most * surface) continue;
    areas.push({ x0: xs[0] ?? 0, x1: xs.at(-1) ?? 0, top: ys[0] ?? 0, bottom: ys.at(-1) ?? 0 });
  }
  return areas;
}

/** Whether most of a box lies inside one of the plot areas. */
export function isInPlotArea(box: Box, areas: readonly Box[]): boolean {
  const area = Math.max(1e-6, (box.x1 - box.x0) * (box.bottom - box.top));
  return areas.some((plot) => {
    const width = Math.min(box.x1, plot.x1) - Math.max(box.x0, plot.x0);
    const height = Math.min(box.bottom, plot.bottom) - Math.max(box.top, plot.top);
    return width > 0 && height > 0 && (width * height) / area > MAX_INSIDE_SHARE;
  });
}

/**
 * The value axis down the grid's left side (left of its second vertical line), if any: numbers
 * alone on their lines, at least three, evenly spaced, their values falling by equal steps from
 * top to bottom ("100 90 80 …"); with whether each of them sits on a horizontal line of the grid
 * (its middle within a third of its size of it), as a chart's ticks mark its gridlines. A table's
 * first column of numbers counts up (row numbers) or by no fixed step (values), and a cell's text
 * sits between its rules, not on them.
 */
function findValueAxis(
  runs: readonly TextRun[],
  xs: number[],
  ys: number[],
): { onLines: boolean } | undefined {
  const [top = 0, bottom = 0, edge = 0] = [ys[0], ys.at(-1), xs[1]];
  const ticks = runs
    .filter((run) => TICK.test(run.str.trim()) && run.x + run.width / 2 < edge)
    .filter((run) => run.y >= top - run.size && run.y <= bottom + 2 * run.size)
    .map((run) => ({ run, y: run.y, value: Number(run.str.trim().replace(',', '.').replace('%', '')) }))
    .sort((a, b) => a.y - b.y);
  let start = 0;
  for (let index = 2; index < ticks.length; index += 1) {
    const [a, b, c] = [ticks[index - 2], ticks[index - 1], ticks[index]];
    if (a === undefined || b === undefined || c === undefined) continue;
    const step = b.value - a.value;
    const even = Math.abs(c.y - b.y - (b.y - a.y)) <= 0.2 * (b.y - a.y);
    if (!(step < 0 && Math.abs(c.value - b.value - step) < 1e-9 && even)) start = index - 1;
    else if (index - start + 1 >= MIN_TICKS) {
      const axis = ticks.slice(start, index + 1).map((tick) => tick.run);
      return { onLines: axis.every((run) => isOnLine(run, ys)) };
    }
  }
  return undefined;
}

/** Whether a run's middle lies on one of the horizontal lines at `ys`. */
function isOnLine(run: TextRun, ys: number[]): boolean {
  const middle = run.y - run.size * 0.35;
  return ys.some((y) => Math.abs(y - middle) <= run.size / 3);
}
