import type { Table, TableCell, TableRow } from 'mdast';
import type { CellValue, Provenance, TableData } from '@transmute/plugin-sdk';

/** Renders a cell value as table-cell text (null → empty). */
export function toCellText(value: CellValue): string {
  if (value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

function toRow(values: readonly CellValue[] | readonly string[], width: number): TableRow {
  const children: TableCell[] = [];
  for (let i = 0; i < width; i++) {
    const value = values[i] ?? null;
    const text = toCellText(value);
    children.push({ type: 'tableCell', children: text === '' ? [] : [{ type: 'text', value: text }] });
  }
  return { type: 'tableRow', children };
}

/** Builds an mdast `table` node from typed tabular data; the data rides along on `data.table`. */
export function toTableNode(table: TableData, provenance?: Provenance): Table {
  const width = table.columns.length;
  const rows: TableRow[] = [toRow(table.columns, width)];
  for (const row of table.rows) rows.push(toRow(row, width));
  const data: Table['data'] = { table };
  if (provenance) data.provenance = provenance;
  return { type: 'table', align: table.columns.map(() => null), children: rows, data };
}

/** Unique, non-empty column names (`column_3` for blanks, `name_2` for repeats). */
export function toColumnNames(raw: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((value, index) => {
    const base = value.trim() || `column_${index + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}_${count}`;
  });
}
