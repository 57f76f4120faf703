/**
 * `pnpm bench`: runs every `bench/src/*.bench.ts` module (each exports `run(): Promise<BenchReport>`)
 * in name order and prints its table. `pnpm bench chunking` runs only modules whose name contains
 * "chunking". Exits non-zero when a target check fails.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatReport, type BenchReport } from './bench-report.js';

interface BenchModule {
  run(): Promise<BenchReport>;
}

function isBenchModule(value: unknown): value is BenchModule {
  return (
    typeof value === 'object' && value !== null && typeof (value as { run?: unknown }).run === 'function'
  );
}

const directory = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = (await readdir(directory))
  .filter((name) => /\.bench\.(ts|js)$/.test(name))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

let failed = 0;
for (const file of files) {
  const module: unknown = await import(pathToFileURL(join(directory, file)).href);
  if (!isBenchModule(module)) {
    process.stdout.write(`\n## ${file}: skipped (no run() export)\n`);
    continue;
  }
  process.stdout.write(`\nrunning ${file}…\n`);
  const report = await module.run();
  process.stdout.write(`${formatReport(report)}\n`);
  failed += (report.checks ?? []).filter((check) => !check.pass).length;
}
if (files.length === 0) process.stdout.write('no benchmark matched\n');
process.exitCode = failed > 0 ? 1 : 0;
