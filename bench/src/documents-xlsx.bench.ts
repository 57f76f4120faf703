/**
 * xlsx reading: one generated workbook (`BENCH_XLSX_ROWS` rows, default 200 000, of five columns:
 * a number, a shared string, a currency, a date and a percentage) read by the documents plugin's
 * xlsx reader (default limits, and limits that hold the whole sheet) and by exceljs's streaming
 * WorkbookReader, each in a fresh child process: time (median of `BENCH_RUNS`, default 3), MB/s of
 * the file and of the inflated worksheet, and peak RSS (max over runs).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { median, runIfMain, type BenchReport } from './bench-report.js';

const ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const child = fileURLToPath(new URL('./internal/read-xlsx-child.ts', import.meta.url));
const MODES = ['transmute', 'transmute-all', 'exceljs'] as const;

interface ChildResult {
  ms: number;
  maxRssMb: number;
  rows: number;
}

/** Writes the workbook with exceljs's streaming writer (it never holds the sheet either). */
async function generate(path: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Data');
  sheet.columns = [
    { header: 'Id', key: 'id' },
    { header: 'Name', key: 'name' },
    { header: 'Price', key: 'price', style: { numFmt: '"$"#,##0.00' } },
    { header: 'Date', key: 'date', style: { numFmt: 'yyyy-mm-dd' } },
    { header: 'Share', key: 'share', style: { numFmt: '0.0%' } },
  ];
  for (let index = 1; index <= ROWS; index += 1) {
    sheet
      .addRow({
        id: index,
        name: `item ${String(index % 5000)}`,
        price: (index * 37) / 100,
        date: new Date(Date.UTC(2020, 0, 1 + (index % 1500))),
        share: (index % 1000) / 1000,
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function readOnce(mode: string, path: string): Promise<ChildResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', child, mode, path],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildResult;
}

export async function run(): Promise<BenchReport> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-xlsx-'));
  try {
    const path = join(folder, 'book.xlsx');
    await generate(path);
    const fileMb = (await stat(path)).size / 1024 / 1024;
    const rows: (string | number)[][] = [];
    for (const mode of MODES) {
      const results: ChildResult[] = [];
      for (let index = 0; index < RUNS; index += 1) results.push(await readOnce(mode, path));
      const ms = median(results.map((result) => result.ms));
      rows.push([
        mode,
        results[0]?.rows ?? 0,
        Math.round(ms),
        (fileMb / (ms / 1000)).toFixed(2),
        Math.round(Math.max(...results.map((result) => result.maxRssMb))),
      ]);
    }
    return {
      title: `xlsx reading: ${String(ROWS)} rows × 5 columns (${fileMb.toFixed(1)} MB file)`,
      columns: ['reader', 'rows read', 'ms (median)', 'file MB/s', 'peak RSS MB'],
      rows,
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
