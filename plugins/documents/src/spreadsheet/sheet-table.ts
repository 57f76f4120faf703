import type { CellValue } from '@transmute/plugin-sdk';
import type { Heading, Html, RootContent, Table } from 'mdast';
import { gfmTable, htmlTable, type HtmlCell } from '@transmute/plugin-sdk';
import { areaReference } from './sheet-grid.js';
import type { CellArea, SheetGrid } from './sheet-grid.js';

/** Where a sheet's values came from, recorded as the table's `data.table.origin`. */
export type SheetOrigin = 'xlsx' | 'ods';

/** A GFM cell holds one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\r?\n\s*/g, ' ');
}

/** The merges inside the area, clipped to it, keyed by their top-left cell. */
function mergesByTopLeft(merges: readonly CellArea[], area: CellArea): Map<string, CellArea> {
  const byTopLeft = new Map<string, CellArea>();
  for (const merge of merges) {
    const clipped = {
      top: Math.max(merge.top, area.top),
      left: Math.max(merge.left, area.left),
      bottom: Math.min(merge.bottom, area.bottom),
      right: Math.min(merge.right, area.right),
    };
    if (clipped.top > clipped.bottom || clipped.left > clipped.right) continue;
    if (clipped.top === clipped.bottom && clipped.left === clipped.right) continue;
    byTopLeft.set(`${String(clipped.top)}:${String(clipped.left)}`, clipped);
  }
  return byTopLeft;
}

/** The area's cells for an HTML table: a merge's top-left cell spans it, the cells it covers are left out. */
function htmlCells(texts: string[][], area: CellArea, merges: Map<string, CellArea>): HtmlCell[][] {
  const covered = new Set<string>();
  return texts.map((row, rowOffset) => {
    const cells: HtmlCell[] = [];
    row.forEach((text, columnOffset) => {
      const key = `${String(area.top + rowOffset)}:${String(area.left + columnOffset)}`;
      if (covered.has(key)) return;
      const merge = merges.get(key);
      if (merge !== undefined) {
        for (let r = merge.top; r <= merge.bottom; r += 1)
          for (let c = merge.left; c <= merge.right; c += 1) covered.add(`${String(r)}:${String(c)}`);
      }
      cells.push({
        lines: text.split(/\r?\n/),
        colSpan: merge === undefined ? 1 : merge.right - merge.left + 1,
        rowSpan: merge === undefined ? 1 : merge.bottom - merge.top + 1,
      });
    });
    return cells;
  });
}

/**
 * A sheet's section: its name as a `##` heading, then its used range as a table (GFM, or HTML with
 * colspan/rowspan when the range has merged cells), with `data.provenance` and typed `data.table`.
 * `maximumCells` bounds the rendered area (a value at A1 and one at XFD100000 span 1.6e9 cells):
 * rows past it are left out and their count returned, with the rows kept (1-based, inclusive).
 */
export function sheetSection(
  name: string,
  grid: SheetGrid,
  origin: SheetOrigin,
  maximumCells: number,
): { blocks: RootContent[]; rowsLeftOut: number; rowsKept?: [number, number] } {
  const heading: Heading = {
    type: 'heading',
    depth: 2,
    children: [{ type: 'text', value: name }],
    data: { provenance: { sheet: name } },
  };
  const bounds = grid.bounds;
  if (bounds === undefined) return { blocks: [], rowsLeftOut: 0 };
  const width = bounds.right - bounds.left + 1;
  const fullHeight = bounds.bottom - bounds.top + 1;
  const height = Math.max(1, Math.min(fullHeight, Math.floor(maximumCells / width)));
  const area = { ...bounds, bottom: bounds.top + height - 1 };
  let rowsLeftOut = 0;
  // Rows cut here that the grid has not already counted as left out.
  for (let row = area.bottom + 1; row <= bounds.bottom; row += 1) {
    if (grid.rows.has(row) && row !== grid.firstLeftOutRow) rowsLeftOut += 1;
  }
  const texts: string[][] = [];
  const values: CellValue[][] = [];
  for (let row = area.top; row <= area.bottom; row += 1) {
    const cells = grid.rows.get(row);
    const rowTexts: string[] = [];
    const rowValues: CellValue[] = [];
    for (let column = area.left; column <= area.right; column += 1) {
      const cell = cells?.get(column);
      rowTexts.push(cell?.text ?? '');
      rowValues.push(cell?.value ?? null);
    }
    texts.push(rowTexts);
    values.push(rowValues);
  }
  // The cells are copied: release the grid's before the table is built, so that a sheet of
  // millions of cells is held once, not twice.
  grid.rows.clear();
  const data = {
    provenance: { sheet: name, cellRange: areaReference(area) },
    table: { columns: texts[0] ?? [], rows: values.slice(1), origin },
  };
  const merges = mergesByTopLeft(grid.merges, area);
  const block: Html | Table =
    merges.size > 0
      ? { ...htmlTable(htmlCells(texts, area, merges)), data }
      : {
          ...gfmTable(texts.map((row) => row.map((text) => [{ type: 'text', value: oneLine(text) }]))),
          align: texts[0]?.map(() => null) ?? [],
          data,
        };
  return { blocks: [heading, block], rowsLeftOut, rowsKept: [area.top + 1, area.bottom + 1] };
}
