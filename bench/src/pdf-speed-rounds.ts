/**
 * The PDF speed row's pages timed by wall time and CPU, round after round, in one process: each
 * round reads every file once with `@firecrawl/pdf-inspector`'s `processPdf` and then once with ours
 * (the OCR source in process, OCR off, its workers warmed up), file by file, so both sides meet the
 * same load. Prints per round the ms per page over the whole set (total time / total pages), the
 * median over files of each file's ms per page, the ratios, and the process's peak RSS. Process CPU
 * counts our worker threads too, so it holds up better than wall time on a loaded machine; to
 * compare two versions, alternate runs of this at each.
 *
 *   ROUNDS=3 CORPUS=all node --conditions=development --import tsx bench/src/pdf-speed-rounds.ts
 *
 * `CORPUS`: `tables` (the table corpus and tracemonkey.pdf, the default), `pdf` or `all`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOcrSource } from '@transmute/plugin-ocr';
import { ourMarkdown, pdfInspector } from './pdf-structure/extractors.js';
import { CORPORA } from './pdf-structure/labels.js';

const ROUNDS = Number(process.env['ROUNDS'] ?? 3);
const CORPUS = process.env['CORPUS'] ?? 'tables';

function pdfsIn(folder: string): string[] {
  const directory = join(CORPORA, folder);
  return readdirSync(directory)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => join(directory, name));
}

/** The PDFs of the chosen corpus that pdf-inspector opens, with their page counts. */
function speedFiles(): { path: string; pages: number }[] {
  const paths =
    CORPUS === 'pdf'
      ? pdfsIn('pdf')
      : CORPUS === 'all'
        ? [...pdfsIn('tables'), ...pdfsIn('pdf')]
        : [...pdfsIn('tables'), join(CORPORA, 'pdf/tracemonkey.pdf')];
  return paths.flatMap((path) => {
    try {
      const pages = pdfInspector().processPdf(readFileSync(path)).pageCount;
      return pages > 0 ? [{ path, pages }] : [];
    } catch {
      return []; // a file pdf-inspector cannot open is left out of both sides
    }
  });
}

interface Timing {
  wall: number;
  cpu: number;
}

/** Wall and process CPU milliseconds of one call. */
async function timed(work: () => Promise<unknown>): Promise<Timing> {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await work();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const source = createOcrSource({ ocr: false });
try {
  const files = speedFiles();
  const pages = files.reduce((sum, file) => sum + file.pages, 0);
  if (files[0] !== undefined) await ourMarkdown(source, files[0].path); // warm the workers
  for (let round = 1; round <= ROUNDS; round += 1) {
    const ours: Timing[] = [];
    const theirs: Timing[] = [];
    for (const file of files) {
      const bytes = readFileSync(file.path);
      theirs.push(await timed(async () => pdfInspector().processPdf(bytes)));
      ours.push(await timed(() => ourMarkdown(source, file.path).catch(() => undefined)));
    }
    const total = (list: Timing[], key: keyof Timing): number =>
      list.reduce((sum, t) => sum + t[key], 0) / pages;
    const perFile = (list: Timing[], key: keyof Timing): number =>
      median(list.map((t, i) => t[key] / (files[i]?.pages ?? 1)));
    const row = (key: keyof Timing): string => {
      const [o, t, mo, mt] = [total(ours, key), total(theirs, key), perFile(ours, key), perFile(theirs, key)];
      return (
        `${key} ms/page whole set ours ${o.toFixed(1)} / theirs ${t.toFixed(1)} = ${(o / t).toFixed(2)}x; ` +
        `file median ours ${mo.toFixed(1)} / theirs ${mt.toFixed(1)} = ${(mo / mt).toFixed(2)}x`
      );
    };
    process.stdout.write(
      `round ${String(round)}, ${CORPUS}, ${String(files.length)} files, ${String(pages)} pages\n` +
        `  ${row('wall')}\n  ${row('cpu')}\n` +
        `  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`,
    );
  }
} finally {
  await source.close?.();
}
