import type { ReadContext } from '../internal/format-reader.js';
import { WorkbookBudget } from './sheet-grid.js';

/**
 * The plugin limits a workbook is read under, and their defaults when the manifest leaves them
 * out: rows from a sheet's first to its last row with a value (summed over sheets), and cells
 * with a value.
 */
export const SPREADSHEET_LIMIT_DEFAULTS = { maximum_rows: 100_000, maximum_cells: 2_000_000 } as const;

export function workbookBudget(ctx: ReadContext): WorkbookBudget {
  return new WorkbookBudget(
    ctx.limits.maximum_rows ?? SPREADSHEET_LIMIT_DEFAULTS.maximum_rows,
    ctx.limits.maximum_cells ?? SPREADSHEET_LIMIT_DEFAULTS.maximum_cells,
  );
}
