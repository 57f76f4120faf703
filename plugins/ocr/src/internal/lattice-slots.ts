/** A ruled grid's slots (row-major, `row * columns + col`) and which neighbours no ruling parts. */
export interface SlotGrid {
  rowCount: number;
  columns: number;
  /** Whether slot (row, col) runs on into (row, col + 1): no ruling between them. */
  opensRight: (row: number, col: number) => boolean;
  /** Whether slot (row, col) runs on into (row + 1, col). */
  opensDown: (row: number, col: number) => boolean;
}

/** The row and column range a group of slots spans. */
export interface SlotRange {
  row: number;
  lastRow: number;
  col: number;
  lastCol: number;
}

/** The rows and columns a group of slots spans. */
export function toSlotRange(group: readonly number[], columns: number): SlotRange {
  const rows = group.map((index) => Math.floor(index / columns));
  const cols = group.map((index) => index % columns);
  return {
    row: Math.min(...rows),
    lastRow: Math.max(...rows),
    col: Math.min(...cols),
    lastCol: Math.max(...cols),
  };
}

const isRectangle = (group: readonly number[], range: SlotRange): boolean =>
  (range.lastRow - range.row + 1) * (range.lastCol - range.col + 1) === group.length;

/**
 * The grid's slots grouped into cells: neighbours no ruling parts are one cell. A box drawn inside
 * a cell (a highlight behind a line of its text, as word processors export them) leaves around it
 * an empty ring that is no rectangle: the boxes inside such a ring are taken into it, so the cell
 * is one again. A ring as large as the whole grid is left alone: it is the space between a
 * flowchart's boxes, or a frame around a whole table, not a cell.
 */
export function toSlotGroups(grid: SlotGrid, occupied: ReadonlySet<number>): number[][] {
  const { rowCount, columns } = grid;
  const parent = Array.from({ length: rowCount * columns }, (_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    parent[index] = root;
    return root;
  };
  const join = (a: number, b: number): void => {
    parent[find(b)] = find(a);
  };
  for (let r = 0; r < rowCount; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      if (c + 1 < columns && grid.opensRight(r, c)) join(r * columns + c, r * columns + c + 1);
      if (r + 1 < rowCount && grid.opensDown(r, c)) join(r * columns + c, (r + 1) * columns + c);
    }
  }
  const groups = toGroups(parent.length, find);
  const ranges = groups.map((group) => toSlotRange(group, columns));
  groups.forEach((group, index) => {
    const range = ranges[index];
    if (range === undefined || isRectangle(group, range) || group.some((slot) => occupied.has(slot))) return;
    if (range.row === 0 && range.col === 0 && range.lastRow === rowCount - 1 && range.lastCol === columns - 1)
      return;
    ranges.forEach((inner, other) => {
      const inside =
        inner.row >= range.row &&
        inner.lastRow <= range.lastRow &&
        inner.col >= range.col &&
        inner.lastCol <= range.lastCol;
      const slot = groups[other]?.[0];
      if (other !== index && inside && slot !== undefined) join(group[0] ?? slot, slot);
    });
  });
  return toGroups(parent.length, find);
}

function toGroups(count: number, find: (index: number) => number): number[][] {
  const slots = new Map<number, number[]>();
  for (let index = 0; index < count; index += 1) {
    const root = find(index);
    const group = slots.get(root);
    if (group === undefined) slots.set(root, [index]);
    else group.push(index);
  }
  return [...slots.values()];
}
