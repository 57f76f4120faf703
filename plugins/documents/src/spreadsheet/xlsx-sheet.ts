import type { OfficePackage } from '../internal/open-package.js';
import { formatValue, isDateFormat } from './number-format.js';
import { parseCellReference } from './sheet-grid.js';
import type { SheetCell, SheetGrid } from './sheet-grid.js';
import { streamXml } from './stream-xml.js';

/** What a worksheet's cells are read with: the workbook's strings, formats and date system. */
export interface SheetContext {
  sharedStrings: readonly string[];
  cellFormats: readonly (string | undefined)[];
  date1904: boolean;
  signal: AbortSignal;
}

interface CellState {
  row: number;
  column: number;
  type: string;
  style: number;
  value: string;
  formula: string;
  inline: string;
  hasValue: boolean;
}

/** A cell's displayed text and typed value; formula text only when there is no cached value. */
function cellOf(cell: CellState, context: SheetContext): { cell: SheetCell; missingValue: boolean } {
  const text = (value: string): { cell: SheetCell; missingValue: boolean } => ({
    cell: { text: value, value: value === '' ? null : value },
    missingValue: false,
  });
  if (!cell.hasValue && cell.type !== 'inlineStr') {
    if (cell.formula === '') return text('');
    return { cell: { text: `=${cell.formula}`, value: `=${cell.formula}` }, missingValue: true };
  }
  switch (cell.type) {
    case 's':
      return text(context.sharedStrings[Number(cell.value)] ?? '');
    case 'inlineStr':
      return text(cell.inline);
    case 'str':
    case 'e':
      return text(cell.value);
    case 'b':
      return {
        cell: { text: cell.value === '1' ? 'TRUE' : 'FALSE', value: cell.value === '1' },
        missingValue: false,
      };
    case 'd':
      return text(cell.value.replace(/T00:00:00(\.0+)?Z?$/, ''));
    default: {
      const number = Number(cell.value);
      if (cell.value.trim() === '' || !Number.isFinite(number)) return text(cell.value);
      const format = context.cellFormats[cell.style];
      const shown = formatValue(number, format, context.date1904);
      return {
        cell: { text: shown, value: format !== undefined && isDateFormat(format) ? shown : number },
        missingValue: false,
      };
    }
  }
}

/**
 * Streams a worksheet part (`xl/worksheets/sheetN.xml`) into the grid: rows and cells in order
 * (positions from `r`, or counted when absent), merged ranges. Returns how many formula cells had
 * no cached value.
 */
export async function readWorksheet(
  pkg: OfficePackage,
  part: string,
  grid: SheetGrid,
  context: SheetContext,
): Promise<number> {
  let row = -1;
  let column = -1;
  let cell: CellState | undefined;
  let capture: 'value' | 'formula' | 'inline' | undefined;
  let phonetic = 0;
  let missing = 0;
  await streamXml(
    pkg,
    part,
    {
      open(name, attributes) {
        if (name === 'row') {
          const number = Number(attributes.r);
          row = Number.isInteger(number) && number > 0 ? number - 1 : row + 1;
          column = -1;
        } else if (name === 'c') {
          const reference = attributes.r === undefined ? undefined : parseCellReference(attributes.r);
          if (reference !== undefined) {
            row = reference.row;
            column = reference.column;
          } else column += 1;
          cell = {
            row,
            column,
            type: attributes.t ?? 'n',
            style: Number(attributes.s ?? '0'),
            value: '',
            formula: '',
            inline: '',
            hasValue: false,
          };
        } else if (cell !== undefined) {
          if (name === 'v') {
            capture = 'value';
            cell.hasValue = true;
          } else if (name === 'f') capture = 'formula';
          else if (name === 'rPh') phonetic += 1;
          else if (name === 't' && phonetic === 0) capture = 'inline';
        } else if (name === 'mergeCell') {
          const [from, to] = (attributes.ref ?? '').split(':');
          const start = parseCellReference(from ?? '');
          const end = parseCellReference(to ?? from ?? '');
          if (start !== undefined && end !== undefined) {
            grid.addMerge({ top: start.row, left: start.column, bottom: end.row, right: end.column });
          }
        }
      },
      close(name) {
        if (name === 'c' && cell !== undefined) {
          // Past the limits a cell is only counted: nothing to look up or format.
          if (grid.truncated) {
            if (cell.value !== '' || cell.inline !== '' || cell.formula !== '') grid.countLeftOut(cell.row);
            cell = undefined;
            return;
          }
          const read = cellOf(cell, context);
          if (read.missingValue) missing += 1;
          grid.put(cell.row, cell.column, read.cell);
          cell = undefined;
        } else if (name === 'rPh') phonetic -= 1;
        else if (name === 'v' || name === 'f' || name === 't') capture = undefined;
      },
      text(text) {
        if (cell === undefined || capture === undefined) return;
        if (capture === 'value') cell.value += text;
        else if (capture === 'formula') cell.formula += text;
        else cell.inline += text;
      },
    },
    context.signal,
  );
  return missing;
}
