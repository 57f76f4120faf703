import { elements, firstElement } from '../internal/parse-xml.js';
import { paragraphText } from './pptx-text.js';
import type { XmlElement } from '../internal/parse-xml.js';
import type { CellGrid, GridCell } from './table-node.js';

const span = (value: string | undefined): number => Math.max(1, Number(value ?? '1') || 1);
const flag = (value: string | undefined): boolean => value === '1' || value === 'true';

/** A cell's paragraphs, one per line. */
function cellText(cell: XmlElement): string {
  const body = firstElement(cell, 'a:txBody');
  if (body === undefined) return '';
  return elements(body, 'a:p').map(paragraphText).join('\n').trim();
}

/**
 * A DrawingML table (`a:tbl`) as a grid: cells continuing a merge (`hMerge`, `vMerge`) are left
 * out, the cell that starts it keeps its `gridSpan` / `rowSpan`.
 */
export function drawingTableGrid(table: XmlElement): CellGrid {
  const grid = firstElement(table, 'a:tblGrid');
  const rows = elements(table, 'a:tr').map((row) =>
    elements(row, 'a:tc')
      .filter((cell) => !flag(cell.attributes.hMerge) && !flag(cell.attributes.vMerge))
      .map((cell): GridCell => ({
        text: cellText(cell),
        colSpan: span(cell.attributes.gridSpan),
        rowSpan: span(cell.attributes.rowSpan),
      })),
  );
  const widest = Math.max(0, ...rows.map((row) => row.reduce((sum, cell) => sum + cell.colSpan, 0)));
  const columns = grid === undefined ? widest : Math.max(widest, elements(grid, 'a:gridCol').length);
  return { rows, columns };
}
