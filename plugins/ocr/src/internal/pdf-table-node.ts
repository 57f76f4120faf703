import type { Html, Table } from 'mdast';
import {
  tableMarkup,
  type LaidOutCell,
  type Provenance,
  type TableCellData,
  type TableData,
} from '@transmute/plugin-sdk';
import type { PageLayout, TableBlock, TableCell } from './layout-types.js';
import { toPageBox } from './page-box.js';

/**
 * A PDF table as one block: a GFM table when every cell is one slot (header rows of several lines
 * joined into its one header row), else an HTML table keeping the spans; either way with
 * `data.table` (columns, rows and every cell with its spans and its box on the page).
 */
export function toTableNode(
  block: TableBlock,
  page: PageLayout,
  data: { provenance: Provenance },
): Table | Html {
  const width = Math.max(0, ...block.rows.map((row) => row.length));
  const cells = block.cells ?? toSlotCells(block.rows);
  const spans = cells.some((cell) => cell.rowSpan > 1 || cell.colSpan > 1);
  const headerRows = spans ? 1 : Math.max(1, Math.min(block.headerRows ?? 1, block.rows.length - 1));
  // Without spans, header rows of several lines are one header row: GFM has one.
  const header = Array.from({ length: width }, (_, column) =>
    block.rows
      .slice(0, headerRows)
      .map((row) => row[column] ?? '')
      .filter((text) => text !== '')
      .join(' '),
  );
  const body = block.rows
    .slice(headerRows)
    .map((row) => Array.from({ length: width }, (_, column) => row[column] ?? ''));
  const laidOut: LaidOutCell[][] = spans
    ? block.rows.map((_, row) => cells.filter((cell) => cell.row === row).map(toLaidOut))
    : [header, ...body].map((row) => row.map((text) => toLaidOut({ text, rowSpan: 1, colSpan: 1 })));
  const node = tableMarkup(laidOut, width);
  const table: TableData = {
    columns: spans ? (block.rows[0] ?? []) : header,
    rows: spans ? block.rows.slice(1) : body,
    origin: 'pdf',
  };
  // Only a laid-out table has cells worth listing (with spans and boxes); a stream table's are its rows.
  if (block.cells !== undefined) table.cells = block.cells.map((cell) => toCellData(cell, page));
  return { ...node, data: { ...data, table } };
}

function toLaidOut(cell: Pick<TableCell, 'text' | 'rowSpan' | 'colSpan'>): LaidOutCell {
  return {
    content: cell.text === '' ? [] : [{ type: 'text', value: cell.text }],
    lines: [cell.text],
    rowSpan: cell.rowSpan,
    colSpan: cell.colSpan,
  };
}

/** The cells of a grid whose every slot is a cell of its own (no boxes known). */
function toSlotCells(rows: string[][]): Omit<TableCell, 'box'>[] {
  return rows.flatMap((row, index) =>
    row.map((text, col) => ({ row: index, col, rowSpan: 1, colSpan: 1, text })),
  );
}

function toCellData(
  cell: Omit<TableCell, 'box'> & { box?: TableCell['box'] },
  page: PageLayout,
): TableCellData {
  const data: TableCellData = {
    row: cell.row,
    col: cell.col,
    rowSpan: cell.rowSpan,
    colSpan: cell.colSpan,
    text: cell.text,
  };
  const bbox = toPageBox(cell.box, page);
  if (bbox !== undefined) data.bbox = bbox;
  return data;
}
