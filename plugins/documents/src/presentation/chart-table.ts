import type { CellValue } from '@transmute/plugin-sdk';
import type { Table, TableRow } from 'mdast';

/** A chart's data as a GFM table (one header row of series names) with its typed `data.table`. */
export function chartTable(columns: string[], rows: CellValue[][]): Table {
  const toRow = (cells: CellValue[]): TableRow => ({
    type: 'tableRow',
    children: cells.map((cell) => ({
      type: 'tableCell',
      children: cell === null ? [] : [{ type: 'text', value: String(cell) }],
    })),
  });
  return {
    type: 'table',
    children: [toRow(columns), ...rows.map(toRow)],
    data: { table: { columns, rows, origin: 'chart' } },
  };
}
