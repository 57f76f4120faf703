import type { CellValue } from '@transmute/plugin-sdk';
import type { BlockContent, PhrasingContent } from 'mdast';
import { tableMarkup } from '@transmute/plugin-sdk';

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

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A cell's paragraphs (and line breaks) as a GFM cell: one `<br>` between lines, as Word cells are written. */
function cellContent(text: string): PhrasingContent[] {
  const lines = text
    .split('\n')
    .map(oneLine)
    .filter((line) => line !== '');
  return lines.flatMap((line, index): PhrasingContent[] =>
    index === 0
      ? [{ type: 'text', value: line }]
      : [
          { type: 'html', value: '<br>' },
          { type: 'text', value: line },
        ],
  );
}

/** GFM when the table is rectangular with no merged cells (first row as header), else HTML with spans (see tableMarkup). */
export function tableNode(grid: CellGrid): BlockContent | undefined {
  if (grid.rows.every((row) => row.every((cell) => cell.text.trim() === ''))) return undefined;
  const node = tableMarkup(
    grid.rows.map((row) =>
      row.map((cell) => ({
        content: cellContent(cell.text),
        lines: cell.text.split('\n').map(oneLine),
        colSpan: cell.colSpan,
        rowSpan: cell.rowSpan,
      })),
    ),
    grid.columns,
  );
  if (node.type === 'html') return node;
  const [head = [], ...body] = grid.rows;
  const columns = head.map((cell) => oneLine(cell.text));
  const rows: CellValue[][] = body.map((row) => row.map((cell) => oneLine(cell.text)));
  return { ...node, data: { table: { columns, rows, origin: 'presentation' } } };
}
