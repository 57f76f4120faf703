import type { Box } from './layout-types.js';

/** Widest an item may be (share of its region's width) and still belong to one column. */
const NARROW_SHARE = 0.55;
/** How much of a region's height each side of a gutter must fill for the gutter to be a column break. */
const COLUMN_FILL = 0.3;

/**
 * Orders boxes for reading with a recursive XY cut: a vertical gutter that no box crosses splits
 * columns (read left to right). When a few wide items (a title, a wide figure or table) cross the
 * gutter the other items leave between columns, those wide items cut the region into bands, so
 * each band is then read column by column. Otherwise the widest horizontal gap splits bands (top
 * to bottom): splitting at the widest gap only keeps coincidental paragraph gaps of two columns
 * from cutting the columns into bands.
 */
export function toReadingOrder<TItem extends { box: Box }>(items: TItem[]): TItem[] {
  if (items.length <= 1) return items;
  const columns = splitAtGaps(
    items,
    (item) => item.box.x0,
    (item) => item.box.x1,
    'all',
  );
  if (columns.length > 1) return columns.flatMap((part) => toReadingOrder(part));
  // Wide items cut bands before any gap does: two columns' paragraph gaps may line up by chance.
  const spanned = splitAtSpanningItems(items);
  if (spanned !== undefined) return spanned.flatMap((part) => toReadingOrder(part));
  const bands = splitAtGaps(
    items,
    (item) => item.box.top,
    (item) => item.box.bottom,
    'widest',
  );
  if (bands.length > 1) return bands.flatMap((part) => toReadingOrder(part));
  return [...items].sort((a, b) => a.box.top - b.box.top || a.box.x0 - b.box.x0);
}

/**
 * Bands of a region whose narrow items leave a column gutter that some wide items cross: each
 * crossing item is a band of its own, the others fall in the band between the crossing items
 * above and below their middle. Undefined when the narrow items leave no gutter filled on both
 * sides (a single column with a few short lines is no column layout), or when the sides' items
 * stand in rows (a form's labels and values are read row by row, not as columns).
 */
function splitAtSpanningItems<TItem extends { box: Box }>(items: TItem[]): TItem[][] | undefined {
  const x0 = Math.min(...items.map((item) => item.box.x0));
  const x1 = Math.max(...items.map((item) => item.box.x1));
  const top = Math.min(...items.map((item) => item.box.top));
  const bottom = Math.max(...items.map((item) => item.box.bottom));
  const narrow = items.filter((item) => item.box.x1 - item.box.x0 <= NARROW_SHARE * (x1 - x0));
  const sides = splitAtGaps(
    narrow,
    (item) => item.box.x0,
    (item) => item.box.x1,
    'all',
  );
  const filled = (side: TItem[]): boolean =>
    side.reduce((sum, item) => sum + item.box.bottom - item.box.top, 0) >= COLUMN_FILL * (bottom - top);
  if (sides.length < 2 || !sides.every(filled) || rowsAlign(sides)) return undefined;
  const gutters = sides.slice(1).map((side) => Math.min(...side.map((item) => item.box.x0)));
  const crosses = (item: TItem): boolean =>
    gutters.some((gutter) => item.box.x0 < gutter && item.box.x1 > gutter) && !narrow.includes(item);
  const spanning = items.filter(crosses).sort((a, b) => a.box.top - b.box.top);
  if (spanning.length === 0) return undefined;
  const bands: TItem[][] = [[]];
  for (const item of spanning) bands.push([item], []);
  for (const item of items) {
    if (spanning.includes(item)) continue;
    const middle = (item.box.top + item.box.bottom) / 2;
    const above = spanning.filter((wide) => (wide.box.top + wide.box.bottom) / 2 < middle).length;
    bands[2 * above]?.push(item);
  }
  return bands.filter((band) => band.length > 0);
}

/** Whether most items of the first side stand level with an item of another side (top and bottom). */
function rowsAlign<TItem extends { box: Box }>(sides: TItem[][]): boolean {
  const [first = [], ...others] = sides;
  const boxes = others.flat().map((item) => item.box);
  const level = first.filter(({ box }) =>
    boxes.some((other) => {
      const slack = 0.5 * Math.min(box.bottom - box.top, other.bottom - other.top);
      return Math.abs(other.top - box.top) < slack && Math.abs(other.bottom - box.bottom) < slack;
    }),
  );
  return level.length * 2 > first.length;
}

function splitAtGaps<TItem>(
  items: TItem[],
  start: (item: TItem) => number,
  end: (item: TItem) => number,
  mode: 'all' | 'widest',
): TItem[][] {
  const sorted = [...items].sort((a, b) => start(a) - start(b));
  const parts: TItem[][] = [];
  const gaps: number[] = [];
  let reach = Number.NEGATIVE_INFINITY;
  for (const item of sorted) {
    const last = parts.at(-1);
    if (last !== undefined && start(item) > reach) {
      gaps.push(start(item) - reach);
      parts.push([item]);
    } else if (last === undefined) {
      parts.push([item]);
    } else {
      last.push(item);
    }
    reach = Math.max(reach, end(item));
  }
  if (mode === 'all' || parts.length <= 2) return parts;
  const widest = gaps.indexOf(Math.max(...gaps));
  return [parts.slice(0, widest + 1).flat(), parts.slice(widest + 1).flat()];
}
