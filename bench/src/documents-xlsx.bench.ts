/**
 * xlsx reading: one generated workbook (`BENCH_XLSX_ROWS` rows, default 200 000, of five columns:
 * a number, a shared string, a currency, a date and a percentage) read by the documents plugin's
 * xlsx reader (default limits, and limits that hold the whole sheet) and by exceljs's streaming
 * WorkbookReader, each in a fresh child process: time (median of `BENCH_RUNS`, default 3), MB/s of
 * the file, and peak RSS (max over runs).
 * Then a workbook of the same rows grown to `BENCH_XLSX_LARGE_MB` (default 50; 0 leaves it out),
 * read once by each: the target is the documents plugin reading it (default limits: it stops
 * building at maximum_rows and streams the rest, counting) under 500 MB peak RSS (issue 14).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runIfMain, type BenchCheck, type BenchReport, type BenchTable } from './bench-report.js';
import { generateWorkbook } from './internal/generate-workbook.js';
import { measureReaders } from './internal/measure-readers.js';

const ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const child = fileURLToPath(new URL('./internal/read-xlsx-child.ts', import.meta.url));
const MODES = ['transmute', 'transmute-all', 'exceljs'] as const;
const LARGE_MB = Number(process.env.BENCH_XLSX_LARGE_MB ?? 50);
/** The large workbook's target (issue 14): read under this peak RSS. */
const LARGE_RSS_TARGET_MB = 500;
const COLUMNS = ['reader', 'rows read', 'ms (median)', 'file MB/s', 'peak RSS MB'];

/**
 * The same rows grown to about `LARGE_MB` (rows from the small file's bytes per row), read once by
 * the plugin with default limits and by exceljs; checks the plugin's peak RSS against the target.
 */
async function runLarge(
  folder: string,
  smallBytesPerRow: number,
): Promise<{ table: BenchTable; check: BenchCheck }> {
  const path = join(folder, 'large.xlsx');
  // The shared strings and styles weigh less per row in a larger book: 5 % more rows reach the size.
  const rowCount = Math.ceil((1.05 * LARGE_MB * 1024 * 1024) / smallBytesPerRow);
  await generateWorkbook(path, rowCount);
  const fileMb = (await stat(path)).size / 1024 / 1024;
  const rows = await measureReaders(child, ['transmute', 'exceljs'], path, fileMb, 1);
  const peak = Number(rows[0]?.[4] ?? Infinity);
  return {
    table: {
      title: `xlsx reading: ${String(rowCount)} rows × 5 columns (${fileMb.toFixed(1)} MB file), one run each`,
      columns: COLUMNS,
      rows,
    },
    check: {
      name: `a ${fileMb.toFixed(0)} MB xlsx read under ${String(LARGE_RSS_TARGET_MB)} MB peak RSS`,
      pass: peak < LARGE_RSS_TARGET_MB,
      detail: `transmute (default limits) peaked at ${String(peak)} MB`,
    },
  };
}

export async function run(): Promise<BenchReport> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-xlsx-'));
  try {
    const path = join(folder, 'book.xlsx');
    await generateWorkbook(path, ROWS);
    const fileBytes = (await stat(path)).size;
    const fileMb = fileBytes / 1024 / 1024;
    const rows = await measureReaders(child, MODES, path, fileMb, RUNS);
    const large = LARGE_MB > 0 ? await runLarge(folder, fileBytes / ROWS) : undefined;
    return {
      title: `xlsx reading: ${String(ROWS)} rows × 5 columns (${fileMb.toFixed(1)} MB file)`,
      columns: COLUMNS,
      rows,
      ...(large !== undefined && { tables: [large.table], checks: [large.check] }),
      notes: [
        'transmute: default limits (maximum_rows 100 000: it stops there and only counts the rest); transmute-all: limits that hold the whole sheet (the markdown output holds it too).',
        'exceljs: streaming WorkbookReader iterating rows, no number formatting and no output built.',
      ],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

await runIfMain(import.meta.url, run);
