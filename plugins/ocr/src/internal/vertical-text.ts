/** The parts of a pdf.js text item this module reads. */
interface ItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  fontName?: string;
}

/**
 * Joins the pieces of a column of vertical writing (a font pdf.js reports as vertical: Japanese or
 * Chinese set top to bottom) into one item per column, top down. pdf.js cuts such a column into
 * pieces at every change of spacing, and the layout, which reads baselines across, would set each
 * piece on a line of its own. A piece continues the one before when it is in the same font, in the
 * same column (its x within half an em) and starts within an em below where that one ends.
 */
export function joinVerticalColumns(
  items: unknown[],
  styles: Record<string, { vertical?: boolean }> | undefined,
): unknown[] {
  const joined: unknown[] = [];
  let column: ItemLike | undefined;
  for (const raw of items) {
    const item = raw as ItemLike;
    const vertical = styles?.[item.fontName ?? '']?.vertical === true;
    if (!vertical || typeof item.str !== 'string' || item.transform === undefined) {
      if (typeof item.str === 'string' && item.str.trim() === '' && column !== undefined) continue;
      column = undefined;
      joined.push(raw);
      continue;
    }
    if (column !== undefined && continuesColumn(column, item)) {
      const [, , , , , top = 0] = column.transform ?? [];
      const [, , , , , y = 0] = item.transform;
      column.str = `${column.str ?? ''}${item.str}`;
      column.height = top - (y - (item.height ?? 0));
      continue;
    }
    column = { ...item };
    joined.push(column);
  }
  return joined;
}

/** The fonts of a page's text content that pdf.js reports as vertical. */
export function verticalFontsOf(styles: Record<string, { vertical?: boolean }> | undefined): Set<string> {
  return new Set(
    Object.entries(styles ?? {}).flatMap(([id, style]) => (style.vertical === true ? [id] : [])),
  );
}

function continuesColumn(column: ItemLike, item: ItemLike): boolean {
  if (column.fontName !== item.fontName) return false;
  const [a = 0, , , d = 0, x0 = 0, top = 0] = column.transform ?? [];
  const [, , , , x1 = 0, y1 = 0] = item.transform ?? [];
  const em = Math.max(Math.abs(a), Math.abs(d), 1);
  const end = top - (column.height ?? 0);
  return Math.abs(x1 - x0) < em / 2 && y1 <= end + em && y1 >= end - em;
}
