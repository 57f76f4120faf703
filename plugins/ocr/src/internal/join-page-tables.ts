import type { PageBlock, PageLayout, TableBlock } from './layout-types.js';

/** A table continued from one page onto the next, merged into the first page's table. */
export interface JoinedTable {
  /** The page the table starts on. */
  from: number;
  /** The page its last rows came from. */
  to: number;
  /** Header rows of the continuation dropped because they repeat the table's header. */
  droppedHeaderRows: number;
}

/** How far (share of the page width) two tables' left and right edges may differ to be one table. */
const EDGE_TOLERANCE = 0.05;

/**
 * Merges a table that continues on the next page into one: when a page's last block and the next
 * page's first block (page furniture already removed) are tables of as many columns standing at
 * the same place across the page, the second one's rows are appended to the first, without the
 * header rows that repeat the first one's header. Tables with spanning cells are left apart (their
 * cells' boxes belong to their own page).
 */
export function joinPageTables<TPage extends PageLayout>(
  pages: readonly TPage[],
): { pages: TPage[]; joined: JoinedTable[] } {
  const result = pages.map((page) => ({ ...page, blocks: [...page.blocks] }));
  const joined: JoinedTable[] = [];
  // Where the table that the next page may continue lives (a table already merged keeps growing).
  let open: { table: TableBlock; page: TPage; from: number } | undefined;
  for (const page of result) {
    const first = page.blocks[0];
    if (open !== undefined && first !== undefined && continues(open.table, open.page, first, page)) {
      const dropped = repeatedHeaderRows(open.table, first);
      open.table.rows.push(...first.rows.slice(dropped));
      page.blocks.shift();
      joined.push({ from: open.from, to: page.page, droppedHeaderRows: dropped });
      // The whole next page was that table: it may go on again.
      if (page.blocks.length === 0) continue;
    }
    const last = page.blocks.at(-1);
    open =
      last?.kind === 'table' && last.cells === undefined
        ? { table: (page.blocks[page.blocks.length - 1] = copyTable(last)), page, from: page.page }
        : undefined;
  }
  return { pages: result, joined };
}

function copyTable(table: TableBlock): TableBlock {
  return { ...table, rows: table.rows.map((row) => [...row]) };
}

/** Whether `next` (first on its page) goes on with `table` (last on the page before). */
function continues(
  table: TableBlock,
  page: PageLayout,
  next: PageBlock,
  nextPage: PageLayout,
): next is TableBlock {
  if (next.kind !== 'table' || next.cells !== undefined) return false;
  const width = table.rows[0]?.length ?? 0;
  if (width < 2 || next.rows.some((row) => row.length !== width)) return false;
  if (table.box === undefined || next.box === undefined) return true;
  const tolerance = EDGE_TOLERANCE * Math.max(page.width ?? 0, nextPage.width ?? 0, 1);
  return (
    Math.abs(table.box.x0 - next.box.x0) <= tolerance && Math.abs(table.box.x1 - next.box.x1) <= tolerance
  );
}

/** How many of the continuation's first rows say what the table's header rows say. */
function repeatedHeaderRows(table: TableBlock, next: TableBlock): number {
  const header = table.rows.slice(0, table.headerRows ?? 1).map(toKey);
  let count = 0;
  while (count < next.rows.length - 1 && header.includes(toKey(next.rows[count] ?? []))) count += 1;
  return count;
}

function toKey(row: readonly string[]): string {
  return row.map((cell) => cell.replace(/\s+/g, ' ').trim().toLowerCase()).join('\u0000');
}
