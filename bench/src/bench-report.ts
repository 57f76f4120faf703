import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** One titled table of a report. */
export interface BenchTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

/** A target and its outcome. */
export interface BenchCheck {
  name: string;
  pass: boolean;
  detail: string;
}

/** What every `*.bench.ts` module's `run()` returns: one table (or more), plus target checks. */
export interface BenchReport extends BenchTable {
  /** Further tables, for a module that measures two different things (printed after the first). */
  tables?: BenchTable[];
  /** Targets with their outcome (a failed target makes `pnpm bench` exit non-zero). */
  checks?: BenchCheck[];
  notes?: string[];
}

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Runs `fn` `runs` times and returns the median wall time in milliseconds and the last result. */
export async function timeMedian<T>(
  runs: number,
  fn: () => T | Promise<T>,
): Promise<{ ms: number; result: T }> {
  const times: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = await fn();
    times.push(performance.now() - started);
  }
  return { ms: median(times), result: result as T };
}

function formatTable(table: BenchTable): string[] {
  const cells = [table.columns, ...table.rows.map((row) => row.map((cell) => String(cell)))];
  const widths = table.columns.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]): string =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    `\n## ${table.title}`,
    line(table.columns),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.slice(1).map(line),
  ];
}

/** Formats a report as aligned text tables followed by its checks and notes. */
export function formatReport(report: BenchReport): string {
  const out = [report, ...(report.tables ?? [])].flatMap(formatTable);
  for (const check of report.checks ?? [])
    out.push(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.detail}`);
  for (const note of report.notes ?? []) out.push(`note: ${note}`);
  return out.join('\n');
}

/** True when the module whose `import.meta.url` is `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && moduleUrl === pathToFileURL(script).href;
}

/**
 * Lets a bench module run alone: when it is the script node was started with, runs it, prints its
 * report and sets a non-zero exit code if a check failed. Does nothing when `run-all.ts` imports it.
 *
 * @example
 * await runIfMain(import.meta.url, run); // last line of x.bench.ts
 */
export async function runIfMain(moduleUrl: string, run: () => Promise<BenchReport>): Promise<void> {
  if (!isMain(moduleUrl)) return;
  if (printReport(await run()) > 0) process.exitCode = 1;
}

/** Prints a report; returns how many of its checks failed. */
export function printReport(report: BenchReport): number {
  process.stdout.write(`${formatReport(report)}\n`);
  return (report.checks ?? []).filter((check) => !check.pass).length;
}

/**
 * Writes a report's tables, with the date and the machine's core count, to
 * `bench/results/<name>.json` (for benches whose numbers are compared across machines and runs),
 * and returns the report with a note naming the file.
 */
export function recordResults(name: string, report: BenchReport): BenchReport {
  const file = fileURLToPath(new URL(`../results/${name}.json`, import.meta.url));
  mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
  const { title, columns, rows, tables = [] } = report;
  const measured = {
    date: new Date().toISOString(),
    cores: availableParallelism(),
    tables: [{ title, columns, rows }, ...tables],
  };
  writeFileSync(file, `${JSON.stringify(measured, null, 2)}\n`);
  return { ...report, notes: [...(report.notes ?? []), `results: bench/results/${name}.json`] };
}
