/**
 * PDF text-layer benchmark (issue 6), side by side in one run: ms/page of the OCR source's PDF
 * extraction (worker pool + layout) against a raw pdfjs-dist getTextContent loop and against
 * pdftotext (the native floor), on tracemonkey.pdf and on the whole pdf.js corpus; then the peak
 * RSS of extracting the largest file and a generated 500-page PDF, each in a fresh process.
 * Targets: within 1.3x of raw pdf.js; peak RSS under 1 GB for 500 pages.
 *
 *   node --conditions=development --import tsx bench/src/pdf.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createOcrSource } from '@transmute/plugin-ocr';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createTestContext } from '@transmute/plugin-sdk/testing';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = resolve(here, '../../../shared/corpora/pdf');
const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));

type Pdfjs = typeof PdfjsModule;

async function rawPdfjs(pdfjs: Pdfjs, path: string): Promise<number> {
  const task = pdfjs.getDocument({
    data: new Uint8Array(readFileSync(path)),
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'),
    cMapUrl: join(pdfjsRoot, 'cmaps/'),
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      await page.getTextContent();
      page.cleanup();
    }
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

function pdftotext(path: string): boolean {
  return spawnSync('pdftotext', ['-q', path, '/dev/null'], { stdio: 'ignore', timeout: 60_000 }).status === 0;
}

interface Totals {
  pages: number;
  ours: number;
  raw: number;
  poppler: number;
}

async function measure(
  files: string[],
  pdfjs: Pdfjs,
  source: ReturnType<typeof createOcrSource>,
): Promise<Totals> {
  const totals: Totals = { pages: 0, ours: 0, raw: 0, poppler: 0 };
  for (const path of files) {
    let started = performance.now();
    let pages: number;
    try {
      pages = await rawPdfjs(pdfjs, path);
    } catch {
      continue;
    }
    const raw = performance.now() - started;
    started = performance.now();
    try {
      const ctx = createTestContext({ limits: { ...source.manifest.limits } });
      await source.extract(
        { name: path, mediaType: 'application/pdf', sizeBytes: statSync(path).size, path },
        ctx,
      );
    } catch {
      continue; // files we refuse (empty, corrupt) are not timed
    }
    const ours = performance.now() - started;
    started = performance.now();
    if (!pdftotext(path)) continue;
    totals.poppler += performance.now() - started;
    totals.pages += pages;
    totals.raw += raw;
    totals.ours += ours;
  }
  return totals;
}

function row(name: string, totals: Totals): string {
  const perPage = (ms: number) => (ms / Math.max(1, totals.pages)).toFixed(1);
  return `| ${name} | ${totals.pages} | ${perPage(totals.ours)} | ${perPage(totals.raw)} | ${perPage(totals.poppler)} | ${(totals.ours / Math.max(1e-9, totals.raw)).toFixed(2)}x |`;
}

/** Extracts one file in this (fresh) process and prints its peak RSS in MB. */
async function rssChild(path: string): Promise<void> {
  const source = createOcrSource({ ocr: false, poolSize: 1 });
  const ctx = createTestContext({ limits: { ...source.manifest.limits } });
  await source.extract(
    { name: path, mediaType: 'application/pdf', sizeBytes: statSync(path).size, path },
    ctx,
  );
  await source.close?.();
  console.log(`RSS ${Math.round(process.resourceUsage().maxRSS / 1024)}`);
}

function peakRss(path: string): string {
  const result = spawnSync(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', fileURLToPath(import.meta.url), '--rss', path],
    { encoding: 'utf8', cwd: resolve(here, '..') },
  );
  return /RSS (\d+)/.exec(result.stdout)?.[1] ?? `failed: ${result.stderr.slice(0, 200)}`;
}

async function fiveHundredPages(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const line = 'Benchmark text for a long document, one of many lines on each of five hundred pages.';
  for (let number = 1; number <= 500; number += 1) {
    const page = doc.addPage([612, 792]);
    for (let index = 0; index < 50; index += 1)
      page.drawText(`${number}.${index} ${line}`, { x: 50, y: 750 - index * 14, size: 10, font });
  }
  const path = join(mkdtempSync(join(tmpdir(), 'pdf-bench-')), 'five-hundred-pages.pdf');
  writeFileSync(path, await doc.save());
  return path;
}

/** Runs the PDF benchmark and prints a markdown table. */
export async function run(): Promise<void> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const source = createOcrSource({ ocr: false });
  const tracemonkey = join(corpus, 'tracemonkey.pdf');
  await measure([tracemonkey], pdfjs, source); // warm-up: worker threads, fonts, JIT
  console.log(
    '| input | pages | ours ms/page | raw pdf.js ms/page | pdftotext ms/page | ours / raw (target <= 1.3x) |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(row('tracemonkey.pdf', await measure([tracemonkey, tracemonkey, tracemonkey], pdfjs, source)));
  const files = readdirSync(corpus)
    .filter((name) => name.endsWith('.pdf'))
    .map((name) => join(corpus, name));
  console.log(row(`corpus (${files.length} files)`, await measure(files, pdfjs, source)));
  await source.close?.();
  const largest = [...files].sort((a, b) => statSync(b).size - statSync(a).size)[0] ?? tracemonkey;
  const generated = await fiveHundredPages();
  console.log('\n| input | peak RSS MB (target < 1024 for 500 pages) |\n|---|---|');
  console.log(`| largest corpus file (${largest.split('/').at(-1)}) | ${peakRss(largest)} |`);
  console.log(`| generated 500-page PDF | ${peakRss(generated)} |`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rssIndex = process.argv.indexOf('--rss');
  const target = process.argv[rssIndex + 1];
  await (rssIndex > 0 && target !== undefined ? rssChild(target) : run());
}
