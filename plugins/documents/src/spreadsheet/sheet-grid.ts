import type { CellValue } from '@transmute/plugin-sdk';

/** One non-empty cell: its text as displayed and its typed value. */
export interface SheetCell {
  text: string;
  value: CellValue;
}

/** A rectangle of cells, 0-based and inclusive. */
export interface CellArea {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** The cells a workbook's document may keep within the parsing worker's bound (`worker_max_heap_mb`). */
export interface MemoryCells {
  boundMb: number;
  cells: number;
}

/**
 * The workbook's row and cell allowance (`maximum_rows`, `maximum_cells`, lowered to what fits the
 * worker's memory bound), shared by its sheets in order: a sheet's rows count from its first to its
 * last row with a value, so a sheet's memory and output stay bounded whatever its size on disk.
 */
export class WorkbookBudget {
  rowsUsed = 0;
  cellsUsed = 0;
  /** The cells kept at most: `maximum_cells`, or fewer when the memory bound holds fewer. */
  readonly maximumCells: number;
  /** True once a sheet was cut by the memory bound's cells rather than by `maximum_rows`/`maximum_cells`. */
  cutByMemory = false;
  constructor(
    readonly maximumRows: number,
    readonly configuredCells: number,
    readonly memory?: MemoryCells,
  ) {
    this.maximumCells = Math.min(configuredCells, memory?.cells ?? configuredCells);
  }

  get exhausted(): boolean {
    return this.rowsUsed >= this.maximumRows || this.cellsUsed >= this.maximumCells;
  }
}

/**
 * The cells of one sheet, kept sparse (empty cells cost nothing). Past the budget it stops keeping
 * cells and only counts the rows with values it left out.
 */
export class SheetGrid {
  readonly rows = new Map<number, Map<number, SheetCell>>();
  readonly merges: CellArea[] = [];
  bounds: CellArea | undefined;
  truncated = false;
  rowsLeftOut = 0;
  /** The row the sheet stopped in (it may also hold kept cells), -1 while not truncated. */
  firstLeftOutRow = -1;
  private lastLeftOutRow = -1;
  private cells = 0;

  constructor(private readonly budget: WorkbookBudget) {}

  /** Keeps a cell; false once the sheet is past the budget (the cell is then only counted). */
  put(row: number, column: number, cell: SheetCell): boolean {
    if (cell.text === '') return !this.truncated;
    if (!this.truncated) {
      const top = Math.min(this.bounds?.top ?? row, row);
      const bottom = Math.max(this.bounds?.bottom ?? row, row);
      const rowsAfter = this.budget.rowsUsed + bottom - top + 1;
      const cellsAfter = this.budget.cellsUsed + this.cells + 1;
      if (rowsAfter > this.budget.maximumRows || cellsAfter > this.budget.maximumCells) {
        this.truncated = true;
        this.budget.cutByMemory =
          rowsAfter <= this.budget.maximumRows && cellsAfter <= this.budget.configuredCells;
      } else {
        let cells = this.rows.get(row);
        if (cells === undefined) {
          cells = new Map();
          this.rows.set(row, cells);
        }
        if (!cells.has(column)) this.cells += 1;
        cells.set(column, cell);
        this.bounds = {
          top,
          bottom,
          left: Math.min(this.bounds?.left ?? column, column),
          right: Math.max(this.bounds?.right ?? column, column),
        };
        return true;
      }
    }
    this.countLeftOut(row);
    return false;
  }

  /** Counts a cell with a value that is left out (past the budget) by its row. */
  countLeftOut(row: number): void {
    if (row !== this.lastLeftOutRow) {
      if (this.firstLeftOutRow === -1) this.firstLeftOutRow = row;
      this.lastLeftOutRow = row;
      this.rowsLeftOut += 1;
    }
  }

  /** Counts `count` more left-out rows with values (repeated rows of an ODS sheet). */
  leaveOut(count: number): void {
    this.rowsLeftOut += count;
  }

  addMerge(area: CellArea): void {
    if (area.bottom > area.top || area.right > area.left) this.merges.push(area);
  }

  /** Charges the sheet's rows and cells to the workbook's budget once it was read. */
  close(): void {
    if (this.bounds !== undefined) this.budget.rowsUsed += this.bounds.bottom - this.bounds.top + 1;
    this.budget.cellsUsed += this.cells;
    if (this.truncated) this.budget.rowsUsed = Math.max(this.budget.rowsUsed, this.budget.maximumRows);
  }
}

/** `0` → `A`, `27` → `AB`. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** `AB12` → { row: 11, column: 27 }; undefined when it is not a cell reference. */
export function parseCellReference(reference: string): { row: number; column: number } | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(reference);
  if (match === null) return undefined;
  let column = 0;
  for (const char of (match[1] ?? '').toUpperCase()) column = column * 26 + char.charCodeAt(0) - 64;
  return { row: Number(match[2]) - 1, column: column - 1 };
}

/** `A1:D20` of an area. */
export function areaReference(area: CellArea): string {
  return `${columnName(area.left)}${String(area.top + 1)}:${columnName(area.right)}${String(area.bottom + 1)}`;
}
