import { TransmuteError } from '@transmute/plugin-sdk';
import type { CellValue } from '@transmute/plugin-sdk';
import type { FormatReader } from '../internal/format-reader.js';
import { packageLimitsOf } from '../internal/package-limits.js';
import { openPackage } from '../internal/open-package.js';
import type { OfficePackage } from '../internal/open-package.js';
import { descendants, textOf } from '../internal/parse-xml.js';
import { refuseEncryptedOdf } from '../internal/refuse-encrypted.js';
import type { SheetCell, SheetGrid } from './sheet-grid.js';
import { streamXml } from './stream-xml.js';
import { WorkbookWriter } from './workbook-writer.js';

/** ODS sheets have at most this many columns; a larger `number-columns-repeated` is clipped. */
const MAXIMUM_COLUMNS = 16_384;

interface OdsCell {
  value: CellValue;
  paragraphs: string[];
  /** The formula (`of:=SUM([.A1:.A3])` → `=SUM([.A1:.A3])`), shown only when nothing was cached. */
  formula: string | undefined;
  repeat: number;
  columnSpan: number;
  rowSpan: number;
  covered: boolean;
}

function count(value: string | undefined, fallback = 1): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** The typed value of a cell from `office:value-type` and its value attribute. */
function typedValue(attributes: Readonly<Record<string, string>>): CellValue {
  const type = attributes['office:value-type'];
  if (type === 'float' || type === 'percentage' || type === 'currency') {
    const number = Number(attributes['office:value']);
    return Number.isFinite(number) ? number : null;
  }
  if (type === 'boolean') return attributes['office:boolean-value'] === 'true';
  return null;
}

async function readMeta(pkg: OfficePackage): Promise<{ title?: string; author?: string }> {
  if (!pkg.has('meta.xml')) return {};
  const root = await pkg.readXml('meta.xml');
  const field = (...names: string[]): string | undefined => {
    for (const name of names) {
      const text = descendants(root, name).map(textOf).join('').trim();
      if (text !== '') return text;
    }
    return undefined;
  };
  const title = field('dc:title');
  const author = field('dc:creator', 'meta:initial-creator');
  return { ...(title !== undefined && { title }), ...(author !== undefined && { author }) };
}

/**
 * ods: `content.xml` streamed (table:table / table-row / table-cell). The displayed text is the
 * cell's `text:p` (the application wrote it formatted); repeated rows and columns are counted, not
 * built, unless they hold values, and then only up to the limits (a repeat count is a bomb vector).
 * Sheets whose table style says `table:display="false"` are hidden.
 */
export const readOds: FormatReader = async (file, ctx) => {
  const pkg = await openPackage(file.path, file.sizeBytes, packageLimitsOf(ctx.limits));
  try {
    await refuseEncryptedOdf(pkg, file.name);
    if (!pkg.has('content.xml'))
      throw new TransmuteError('corrupt_file', 'The spreadsheet has no content.xml.');
    const writer = new WorkbookWriter('ods', ctx);
    const hiddenStyles = new Set<string>();
    let tableStyle: string | undefined;
    let sheet: { name: string; grid: SheetGrid | undefined; row: number; missing: number } | undefined;
    let rowRepeat = 1;
    let rowCells: { column: number; cell: OdsCell }[] = [];
    let column = 0;
    let cell: OdsCell | undefined;
    let paragraph: string | undefined;
    let annotation = 0;
    // A table nested in a cell (rare) is skipped, and never taken for the end of the sheet.
    let nestedTables = 0;
    const endCell = (): void => {
      if (sheet === undefined || cell === undefined) return;
      const text = cell.paragraphs.join('\n');
      if (!cell.covered && text === '' && cell.value === null && cell.formula !== undefined) {
        cell.paragraphs = [cell.formula];
        sheet.missing += 1;
      }
      if (!cell.covered && (text !== '' || cell.paragraphs.length > 0 || cell.value !== null)) {
        rowCells.push({ column, cell });
      }
      column += cell.repeat;
      cell = undefined;
    };
    const endRow = (): void => {
      const grid = sheet?.grid;
      if (sheet === undefined) return;
      if (grid !== undefined && rowCells.length > 0) {
        for (let copy = 0; copy < rowRepeat; copy += 1) {
          if (grid.truncated) {
            grid.leaveOut(rowRepeat - copy);
            break;
          }
          for (const { column: start, cell: rowCell } of rowCells) {
            const shown: SheetCell = {
              text: rowCell.paragraphs.join('\n'),
              value: rowCell.value ?? rowCell.paragraphs.join('\n'),
            };
            const repeat = Math.min(rowCell.repeat, MAXIMUM_COLUMNS - start);
            for (let offset = 0; offset < repeat; offset += 1)
              grid.put(sheet.row + copy, start + offset, shown);
            if (copy === 0 && (rowCell.columnSpan > 1 || rowCell.rowSpan > 1)) {
              grid.addMerge({
                top: sheet.row,
                left: start,
                bottom: sheet.row + rowCell.rowSpan - 1,
                right: start + rowCell.columnSpan - 1,
              });
            }
          }
        }
      }
      sheet.row += rowRepeat;
      rowCells = [];
    };
    await streamXml(
      pkg,
      'content.xml',
      {
        open(name, attributes) {
          if (name === 'style' && attributes['style:family'] === 'table')
            tableStyle = attributes['style:name'];
          else if (
            name === 'table-properties' &&
            tableStyle !== undefined &&
            attributes['table:display'] === 'false'
          ) {
            hiddenStyles.add(tableStyle);
          } else if (name === 'table' && sheet === undefined) {
            const sheetName = attributes['table:name'] ?? 'Sheet';
            const hidden = hiddenStyles.has(attributes['table:style-name'] ?? '');
            sheet = { name: sheetName, grid: writer.beginSheet(sheetName, hidden), row: 0, missing: 0 };
          } else if (sheet === undefined) return;
          else if (name === 'table') nestedTables += 1;
          else if (nestedTables > 0) return;
          else if (name === 'table-row') {
            rowRepeat = count(attributes['table:number-rows-repeated']);
            column = 0;
          } else if (name === 'table-cell' || name === 'covered-table-cell') {
            const value = typedValue(attributes);
            cell = {
              value,
              paragraphs: [],
              formula: attributes['table:formula']?.replace(/^[a-z]+:(?==)/, ''),
              repeat: count(attributes['table:number-columns-repeated']),
              columnSpan: count(attributes['table:number-columns-spanned']),
              rowSpan: count(attributes['table:number-rows-spanned']),
              covered: name === 'covered-table-cell',
            };
          } else if (name === 'annotation') annotation += 1;
          else if (cell !== undefined && annotation === 0) {
            if (name === 'p' || name === 'h') paragraph = '';
            else if (paragraph !== undefined && name === 's')
              paragraph += ' '.repeat(Math.min(count(attributes['text:c']), 1000));
            else if (paragraph !== undefined && name === 'tab') paragraph += '\t';
            else if (paragraph !== undefined && name === 'line-break') paragraph += '\n';
          }
        },
        close(name) {
          if (name === 'style') tableStyle = undefined;
          else if (sheet === undefined) return;
          else if (name === 'table' && nestedTables > 0) nestedTables -= 1;
          else if (nestedTables > 0) return;
          else if (name === 'annotation') annotation -= 1;
          else if ((name === 'p' || name === 'h') && cell !== undefined && paragraph !== undefined) {
            cell.paragraphs.push(paragraph);
            paragraph = undefined;
          } else if (name === 'table-cell' || name === 'covered-table-cell') endCell();
          else if (name === 'table-row') endRow();
          else if (name === 'table') {
            if (sheet.grid !== undefined) writer.endSheet(sheet.name, sheet.grid, sheet.missing);
            sheet = undefined;
          }
        },
        text(text) {
          if (paragraph !== undefined && annotation === 0) paragraph += text;
        },
      },
      ctx.signal,
    );
    return writer.finish(await readMeta(pkg));
  } finally {
    pkg.close();
  }
};
