import type { PhrasingContent, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { tableMarkup } from '@transmute/plugin-sdk';

/** One cell of a word-processing table as read: its content and how far it spans. */
export interface GridCell {
  content: PhrasingContent[];
  colSpan: number;
  rowSpan: number;
}

/**
 * A table as markdown (see tableMarkup): a GFM table (first row as header, typed `data.table`)
 * when it is rectangular without merged cells, else an HTML `<table>` keeping colspan and rowspan.
 * Cells covered by a span are left out of `rows` by the caller.
 */
export function toTableNode(rows: GridCell[][], origin: string): RootContent | undefined {
  const kept = rows.filter((row) => row.length > 0);
  if (kept.length === 0) return undefined;
  const text = (cell: GridCell): string => toString({ type: 'paragraph', children: cell.content });
  const node = tableMarkup(
    kept.map((row) => row.map((cell) => ({ ...cell, lines: [text(cell)] }))),
    kept[0]?.length ?? 0,
  );
  if (node.type === 'html') return node;
  return {
    ...node,
    data: {
      table: {
        columns: (kept[0] ?? []).map(text),
        rows: kept.slice(1).map((row) => row.map(text)),
        origin,
      },
    },
  };
}
