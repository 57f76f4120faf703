/**
 * The PDF speed row's pages timed by CPU as well as wall time, round after round: each round reads
 * every file once with `@firecrawl/pdf-inspector`'s `processPdf`, then once with ours (the OCR
 * source in process, OCR off, its workers warmed up), and prints ms per page and the ratios. Process
 * CPU counts our worker threads too, so it holds up better than wall time on a loaded machine; to
 * compare two versions, alternate runs of this at each.
 *
 *   ROUNDS=3 node --conditions=development --import tsx bench/src/pdf-speed-rounds.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOcrSource } from '@transmute/plugin-ocr';
import { ourMarkdown, pdfInspector } from './pdf-structure/extractors.js';
import { CORPORA } from './pdf-structure/labels.js';

const ROUNDS = Number(process.env['ROUNDS'] ?? 3);

/** Every PDF of the table corpus and tracemonkey.pdf that pdf-inspector opens, with its page count. */
function speedFiles(): { path: string; pages: number }[] {
  const tables = join(CORPORA, 'tables');
  const paths = [
    ...readdirSync(tables)
      .filter((name) => name.endsWith('.pdf'))
      .sort()
      .map((name) => join(tables, name)),
    join(CORPORA, 'pdf/tracemonkey.pdf'),
  ];
  return paths.flatMap((path) => {
    try {
      return [{ path, pages: pdfInspector().processPdf(readFileSync(path)).pageCount }];
    } catch {
      return []; // a file pdf-inspector cannot open is left out of both sides
    }
  });
}

/** Wall and process CPU milliseconds of one call. */
async function timed(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await work();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

const source = createOcrSource({ ocr: false });
try {
  const files = speedFiles();
  const pages = files.reduce((sum, file) => sum + file.pages, 0);
  if (files[0] !== undefined) await ourMarkdown(source, files[0].path); // warm the workers
  const perPage = (ms: number): string => (ms / pages).toFixed(1);
  for (let round = 1; round <= ROUNDS; round += 1) {
    const theirs = await timed(async () => {
      for (const file of files) pdfInspector().processPdf(readFileSync(file.path));
    });
    const ours = await timed(async () => {
      for (const file of files) await ourMarkdown(source, file.path).catch(() => undefined);
    });
    process.stdout.write(
      `round ${String(round)}, ${String(files.length)} files, ${String(pages)} pages, ms/page: ` +
        `ours wall ${perPage(ours.wall)} CPU ${perPage(ours.cpu)}; ` +
        `pdf-inspector wall ${perPage(theirs.wall)} CPU ${perPage(theirs.cpu)}; ` +
        `ratio wall ${(ours.wall / theirs.wall).toFixed(2)} CPU ${(ours.cpu / theirs.cpu).toFixed(2)}\n`,
    );
  }
} finally {
  await source.close?.();
}
