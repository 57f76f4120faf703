/** What every `*.bench.ts` module's `run()` returns: one table, plus target checks. */
export interface BenchReport {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  /** Targets with their outcome (a failed target makes `pnpm bench` exit non-zero). */
  checks?: { name: string; pass: boolean; detail: string }[];
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

/** Formats a report as an aligned text table. */
export function formatReport(report: BenchReport): string {
  const cells = [report.columns, ...report.rows.map((row) => row.map((cell) => String(cell)))];
  const widths = report.columns.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]): string =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const out = [`\n## ${report.title}`, line(report.columns), line(widths.map((width) => '-'.repeat(width)))];
  for (const row of cells.slice(1)) out.push(line(row));
  for (const check of report.checks ?? [])
    out.push(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.detail}`);
  for (const note of report.notes ?? []) out.push(`note: ${note}`);
  return out.join('\n');
}
