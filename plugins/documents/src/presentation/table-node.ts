import type { CellValue } from '@transmute/plugin-sdk';
import type { Html, BlockContent, Table, TableCell, TableRow } from 'mdast';

/** One cell of a slide table as laid out: text (paragraphs joined by `\n`) and its spans. */
export interface GridCell {
  text: string;
  colSpan: number;
  rowSpan: number;
}

/**
 * A slide table's rows, each holding only the cells that start there (cells covered by a merge
 * are left out, as in HTML). `columns` is the grid's width.
 */
export interface CellGrid {
  rows: GridCell[][];
  columns: number;
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function isPlain(grid: CellGrid): boolean {
  return (
    grid.rows.length > 0 &&
    grid.rows.every(
      (row) => row.length === grid.columns && row.every((cell) => cell.colSpan === 1 && cell.rowSpan === 1),
    )
  );
}

function gfmTable(grid: CellGrid): Table {
  const rows: TableRow[] = grid.rows.map((row) => ({
    type: 'tableRow',
    children: row.map((cell): TableCell => ({
      type: 'tableCell',
      children: cell.text === '' ? [] : [{ type: 'text', value: oneLine(cell.text) }],
    })),
  }));
  const [head = [], ...body] = grid.rows;
  const columns = head.map((cell) => oneLine(cell.text));
  const data: CellValue[][] = body.map((row) => row.map((cell) => oneLine(cell.text)));
  return { type: 'table', children: rows, data: { table: { columns, rows: data, origin: 'presentation' } } };
}

function htmlTable(grid: CellGrid): Html {
  const lines = ['<table>'];
  grid.rows.forEach((row, index) => {
    const tag = index === 0 ? 'th' : 'td';
    const cells = row.map((cell) => {
      const spans =
        (cell.colSpan > 1 ? ` colspan="${String(cell.colSpan)}"` : '') +
        (cell.rowSpan > 1 ? ` rowspan="${String(cell.rowSpan)}"` : '');
      const text = cell.text
        .split('\n')
        .map((line) => escapeHtml(oneLine(line)))
        .join('<br>');
      return `<${tag}${spans}>${text}</${tag}>`;
    });
    lines.push(`<tr>${cells.join('')}</tr>`);
  });
  lines.push('</table>');
  return { type: 'html', value: lines.join('\n') };
}

/** GFM when the table is rectangular with no merged cells (first row as header), else HTML with spans. */
export function tableNode(grid: CellGrid): BlockContent | undefined {
  if (grid.rows.every((row) => row.every((cell) => cell.text.trim() === ''))) return undefined;
  return isPlain(grid) ? gfmTable(grid) : htmlTable(grid);
}
