import type { PhrasingContent, RootContent, TableCell, TableRow } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** One cell of a word-processing table as read: its content and how far it spans. */
export interface GridCell {
  content: PhrasingContent[];
  colSpan: number;
  rowSpan: number;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function isRectangular(rows: GridCell[][]): boolean {
  const width = rows[0]?.length ?? 0;
  return rows.every(
    (row) => row.length === width && row.every((cell) => cell.colSpan === 1 && cell.rowSpan === 1),
  );
}

function toHtml(rows: GridCell[][]): string {
  const lines = ['<table>'];
  rows.forEach((row, index) => {
    const tag = index === 0 ? 'th' : 'td';
    const cells = row.map((cell) => {
      const spans =
        (cell.colSpan > 1 ? ` colspan="${String(cell.colSpan)}"` : '') +
        (cell.rowSpan > 1 ? ` rowspan="${String(cell.rowSpan)}"` : '');
      return `<${tag}${spans}>${escapeHtml(toString({ type: 'paragraph', children: cell.content }))}</${tag}>`;
    });
    lines.push(`<tr>${cells.join('')}</tr>`);
  });
  lines.push('</table>');
  return lines.join('\n');
}

/**
 * A table as markdown: a GFM table (first row as header, typed `data.table`) when it is
 * rectangular without merged cells, else an HTML `<table>` keeping colspan and rowspan.
 * Cells covered by a span are left out of `rows` by the caller.
 */
export function toTableNode(rows: GridCell[][], origin: string): RootContent | undefined {
  const kept = rows.filter((row) => row.length > 0);
  if (kept.length === 0) return undefined;
  if (!isRectangular(kept)) return { type: 'html', value: toHtml(kept) };
  const text = (cell: GridCell): string => toString({ type: 'paragraph', children: cell.content });
  const tableRows: TableRow[] = kept.map((row) => ({
    type: 'tableRow',
    children: row.map((cell): TableCell => ({ type: 'tableCell', children: cell.content })),
  }));
  return {
    type: 'table',
    children: tableRows,
    data: {
      table: {
        columns: (kept[0] ?? []).map(text),
        rows: kept.slice(1).map((row) => row.map(text)),
        origin,
      },
    },
  };
}
