import { TransmuteError } from '@transmute/plugin-sdk';
import type { DocumentMetadata, ExtractedDocument } from '@transmute/plugin-sdk';
import type { RootContent } from 'mdast';
import type { ReadContext } from '../internal/format-reader.js';
import { SheetGrid } from './sheet-grid.js';
import { sheetSection } from './sheet-table.js';
import type { SheetOrigin } from './sheet-table.js';
import { workbookBudget } from './spreadsheet-limits.js';

/**
 * Collects a workbook's sheets in order into one document, one section per sheet, and words the
 * warnings every spreadsheet format shares: hidden sheets skipped (`sheet_hidden`), the row/cell
 * limit reached (`sheet_truncated`, with how much was left out), formulas without a cached value
 * (`formula_without_value`).
 */
export class WorkbookWriter {
  private readonly blocks: RootContent[] = [];
  private readonly budget;
  private readonly notRead: string[] = [];
  private truncation: { sheet: string; rowsLeftOut: number; rowsKept?: [number, number] } | undefined;

  constructor(
    private readonly origin: SheetOrigin,
    private readonly ctx: ReadContext,
  ) {
    this.budget = workbookBudget(ctx);
  }

  /** A grid for the next sheet, or undefined when it is skipped (hidden, or past the limits). */
  beginSheet(name: string, hidden: boolean): SheetGrid | undefined {
    if (hidden) {
      this.ctx.warn('sheet_hidden', `The sheet "${name}" is hidden and was skipped.`);
      return undefined;
    }
    if (this.budget.exhausted) {
      this.notRead.push(name);
      return undefined;
    }
    return new SheetGrid(this.budget);
  }

  endSheet(name: string, grid: SheetGrid, formulasWithoutValue = 0): void {
    grid.close();
    const { blocks, rowsLeftOut, rowsKept } = sheetSection(name, grid, this.origin, this.budget.maximumCells);
    this.blocks.push(...blocks);
    if (grid.truncated || rowsLeftOut > 0) {
      this.truncation = {
        sheet: name,
        rowsLeftOut: grid.rowsLeftOut + rowsLeftOut,
        ...(rowsKept === undefined ? {} : { rowsKept }),
      };
    }
    if (formulasWithoutValue > 0) {
      this.ctx.warn(
        'formula_without_value',
        `The sheet "${name}" has ${String(formulasWithoutValue)} formula cells without a cached value; their formula text is shown.`,
      );
    }
  }

  finish(metadata: DocumentMetadata): ExtractedDocument {
    if (this.truncation !== undefined || this.notRead.length > 0) {
      const { sheet, rowsLeftOut, rowsKept } = this.truncation ?? { sheet: '', rowsLeftOut: 0 };
      const { memory } = this.budget;
      const parts =
        this.budget.cutByMemory && memory !== undefined
          ? [
              `The workbook is larger than the parsing worker's memory holds (worker_max_heap_mb ${String(memory.boundMb)} holds ${String(memory.cells)} cells; maximum_cells ${String(this.budget.configuredCells)})`,
            ]
          : [
              `The workbook reached its limits (maximum_rows ${String(this.budget.maximumRows)}, maximum_cells ${String(this.budget.configuredCells)})`,
            ];
      if (this.budget.cutByMemory && rowsKept !== undefined)
        parts.push(
          `"${sheet}" was cut after its row ${String(rowsKept[1])} (rows ${String(rowsKept[0])}-${String(rowsKept[1])} kept)`,
        );
      if (this.truncation !== undefined)
        parts.push(`${String(rowsLeftOut)} more rows with values in "${sheet}" were left out`);
      if (this.notRead.length > 0)
        parts.push(`the sheets ${this.notRead.map((n) => `"${n}"`).join(', ')} were not read`);
      this.ctx.warn('sheet_truncated', `${parts.join('; ')}.`);
    }
    if (this.blocks.length === 0) {
      throw new TransmuteError('empty_content', 'The workbook has no sheet with values.');
    }
    // Sheets are sections of the workbook (`##`), levels as marked so they are not raised to `#`.
    // The workbook's title (core properties) stays metadata: no one opening the workbook sees it
    // above the sheets, and a heading of it cost every truth of a titled workbook its headings.
    return {
      root: { type: 'root', children: this.blocks },
      metadata,
      headingLevelsAsMarked: true,
    };
  }
}
