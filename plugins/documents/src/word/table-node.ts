import type { RootContent } from 'mdast';
import { gfmTable, htmlTable, tableMarkup } from '@transmute/plugin-sdk';
import type { CellContent } from './cell-content.js';

/** One cell of a word-processing table as read: its content and how far it spans. */
export interface GridCell extends CellContent {
  colSpan: number;
  rowSpan: number;
}

/**
 * A table as markdown (see tableMarkup): a GFM table (first row as header, typed `data.table`)
 * when it is rectangular without merged cells and no table is nested in a cell, else an HTML
 * `<table>` keeping colspan and rowspan and the nested tables. Cells covered by a span are left
 * out of `rows` by the caller.
 */
export function toTableNode(rows: GridCell[][], origin: string): RootContent | undefined {
  const kept = rows.filter((row) => row.length > 0);
  if (kept.length === 0) return undefined;
  if (kept.some((row) => row.some((cell) => cell.nested))) return htmlTable(kept);
  const node = tableMarkup(kept, kept[0]?.length ?? 0);
  if (node.type === 'html') return node;
  return {
    ...gfmTable(kept.map((row) => row.map((cell) => cell.content))),
    data: {
      table: {
        columns: (kept[0] ?? []).map((cell) => cell.text),
        rows: kept.slice(1).map((row) => row.map((cell) => cell.text)),
        origin,
      },
    },
  };
}
