/**
 * `pnpm bench`: runs every `bench/src/*.bench.ts` module (each exports `run(): Promise<BenchReport>`)
 * in name order and prints its table. `pnpm bench chunking` runs only modules whose name contains
 * "chunking". A module that throws is reported and counted as a failure, and the others still run.
 * Exits non-zero when a target check failed or a module threw.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printReport, type BenchReport } from './bench-report.js';

const directory = dirname(fileURLToPath(import.meta.url));

interface BenchModule {
  run(): Promise<BenchReport>;
}

function isBenchModule(value: unknown): value is BenchModule {
  return (
    typeof value === 'object' && value !== null && typeof (value as { run?: unknown }).run === 'function'
  );
}

function isBenchReport(value: unknown): value is BenchReport {
  const report = value as Partial<BenchReport> | null | undefined;
  return Array.isArray(report?.columns) && Array.isArray(report.rows) && typeof report.title === 'string';
}

/** Imports and runs one module; returns how many of its checks failed (throws if it did). */
async function runFile(file: string): Promise<number> {
  const module: unknown = await import(pathToFileURL(join(directory, file)).href);
  if (!isBenchModule(module)) {
    process.stdout.write(`\n## ${file}: skipped (no run() export)\n`);
    return 0;
  }
  process.stdout.write(`\nrunning ${file}…\n`);
  const report: unknown = await module.run();
  if (!isBenchReport(report)) throw new Error('run() did not return a BenchReport');
  return printReport(report);
}

const filters = process.argv.slice(2);
const files = (await readdir(directory))
  .filter((name) => /\.bench\.(ts|js)$/.test(name))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

let failedChecks = 0;
const crashed: string[] = [];
for (const file of files) {
  try {
    failedChecks += await runFile(file);
  } catch (error) {
    crashed.push(file);
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stdout.write(`\n## ${file}: FAILED\n${detail}\n`);
  }
}
if (files.length === 0) process.stdout.write('no benchmark matched\n');
if (failedChecks > 0 || crashed.length > 0) {
  const threw = crashed.length > 0 ? `; threw: ${crashed.join(', ')}` : '';
  process.stdout.write(`\n${failedChecks} check(s) failed${threw}\n`);
}
process.exitCode = failedChecks > 0 || crashed.length > 0 ? 1 : 0;
