import type { Box } from './layout-types.js';

/**
 * Orders boxes for reading with a recursive XY cut: a vertical gutter that no box crosses splits
 * columns (read left to right); otherwise the widest horizontal gap splits bands (top to bottom).
 * Splitting at the widest gap only keeps coincidental paragraph gaps of two columns from cutting
 * the columns into bands.
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
  const bands = splitAtGaps(
    items,
    (item) => item.box.top,
    (item) => item.box.bottom,
    'widest',
  );
  if (bands.length > 1) return bands.flatMap((part) => toReadingOrder(part));
  return [...items].sort((a, b) => a.box.top - b.box.top || a.box.x0 - b.box.x0);
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
