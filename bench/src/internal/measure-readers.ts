import { median } from '../bench-report.js';
import { runChild } from './run-child.js';

/** What a reader child prints: wall time of its read, its process's peak RSS and what it produced. */
export interface ReaderResult {
  ms: number;
  maxRssMb: number;
  /** How much it produced (characters of text, or rows), as the child counts it. */
  count: number;
}

/**
 * Runs `child <mode> <path>` for every mode, `runs` times each in a fresh process, and returns one
 * table row per mode: mode, count, median ms, MB/s of the file, peak RSS in MB (max over runs).
 */
export async function measureReaders(
  child: string,
  modes: readonly string[],
  path: string,
  fileMb: number,
  runs: number,
): Promise<(string | number)[][]> {
  const rows: (string | number)[][] = [];
  for (const mode of modes) {
    const results: ReaderResult[] = [];
    for (let index = 0; index < runs; index += 1)
      results.push(await runChild<ReaderResult>(child, [mode, path]));
    const ms = median(results.map((result) => result.ms));
    rows.push([
      mode,
      results[0]?.count ?? 0,
      Math.round(ms),
      (fileMb / (ms / 1000)).toFixed(2),
      Math.round(Math.max(...results.map((result) => result.maxRssMb))),
    ]);
  }
  return rows;
}
