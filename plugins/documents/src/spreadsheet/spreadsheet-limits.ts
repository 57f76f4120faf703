import type { ReadContext } from '../internal/format-reader.js';
import { DEFAULT_WORKER_MAX_HEAP_MB, workerMemoryOf } from '../internal/worker-memory.js';
import { WorkbookBudget } from './sheet-grid.js';

/**
 * The plugin limits a workbook is read under, and their defaults when the manifest leaves them
 * out: rows from a sheet's first to its last row with a value (summed over sheets), and cells
 * with a value.
 */
export const SPREADSHEET_LIMIT_DEFAULTS = { maximum_rows: 100_000, maximum_cells: 2_000_000 } as const;

/**
 * The workbook's budget: `maximum_rows`, and the lower of `maximum_cells` and the cells whose
 * document fits the parsing worker's bound (`worker_max_heap_mb`, see `workerMemoryOf`).
 */
export function workbookBudget(ctx: ReadContext): WorkbookBudget {
  const boundMb = ctx.limits['worker_max_heap_mb'] ?? DEFAULT_WORKER_MAX_HEAP_MB;
  return new WorkbookBudget(
    ctx.limits.maximum_rows ?? SPREADSHEET_LIMIT_DEFAULTS.maximum_rows,
    ctx.limits.maximum_cells ?? SPREADSHEET_LIMIT_DEFAULTS.maximum_cells,
    { boundMb, cells: workerMemoryOf(boundMb).documentCells },
  );
}
