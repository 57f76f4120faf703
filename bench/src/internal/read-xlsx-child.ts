/**
 * Child process of the xlsx benchmark: reads one workbook with one reader and prints
 * `{"ms", "maxRssMb", "count"}` (count: rows read) as one JSON line, so peak RSS is that read's alone.
 * `transmute` reads with the documents plugin's default limits, `transmute-all` with limits that
 * hold the whole sheet, `exceljs` iterates every row with exceljs's streaming WorkbookReader.
 * Run alone: `node --conditions=development --import tsx bench/src/internal/read-xlsx-child.ts transmute book.xlsx`.
 */
import { stat } from 'node:fs/promises';
import ExcelJS from 'exceljs';
// The plugin's package index is assembled by the documents plugin itself; the family's table is
// what this bench measures.
import { SPREADSHEET_FORMATS } from '../../../plugins/documents/src/spreadsheet/index.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const [mode, path] = process.argv.slice(2);
if (path === undefined || !['transmute', 'transmute-all', 'exceljs'].includes(mode ?? '')) {
  throw new Error('usage: read-xlsx-child.ts <transmute|transmute-all|exceljs> <file.xlsx>');
}

async function readWithTransmute(limits: Record<string, number>): Promise<number> {
  const reader = SPREADSHEET_FORMATS[XLSX];
  if (reader === undefined) throw new Error('no xlsx reader');
  const { size } = await stat(path ?? '');
  const document = await reader(
    { path: path ?? '', name: 'book.xlsx', mediaType: XLSX, sizeBytes: size },
    { signal: new AbortController().signal, limits, warn: () => undefined },
  );
  return document.root.children.reduce((rows, block) => rows + (block.data?.table?.rows.length ?? 0) + 1, 0);
}

async function readWithExceljs(): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path ?? '', {
    sharedStrings: 'cache',
    styles: 'cache',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      void row;
      rows += 1;
    }
  }
  return rows;
}

const started = performance.now();
const rows =
  mode === 'exceljs'
    ? await readWithExceljs()
    : await readWithTransmute(
        mode === 'transmute-all' ? { maximum_rows: 10_000_000, maximum_cells: 100_000_000 } : {},
      );
const ms = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, count: rows })}\n`,
);
