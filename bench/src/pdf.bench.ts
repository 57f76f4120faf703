/**
 * PDF text-layer benchmark (issue 6), side by side in one run: ms/page of the OCR source's PDF
 * extraction (worker pool + layout) against a raw pdfjs-dist getTextContent loop (in a thread of its
 * own, as users load it) and against pdftotext (the native floor), on tracemonkey.pdf and on the whole pdf.js corpus; then the peak
 * RSS of extracting the largest file and a generated 500-page PDF, each in a fresh process.
 * Targets: within 1.3x of raw pdf.js; peak RSS under 1 GB for 500 pages.
 *
 *   node --conditions=development --import tsx bench/src/pdf.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { isMain, runIfMain, type BenchCheck, type BenchReport } from './bench-report.js';
import { writeFiveHundredPagePdf } from './internal/five-hundred-page-pdf.js';
import { RawPdfjsThread } from './internal/raw-pdfjs-thread.js';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = resolve(here, '../../../shared/corpora/pdf');
const MAX_RATIO = 1.3;
const MAX_RSS_MB = 1024;

function pdftotext(path: string): boolean {
  return spawnSync('pdftotext', ['-q', path, '/dev/null'], { stdio: 'ignore', timeout: 60_000 }).status === 0;
}

interface Totals {
  pages: number;
  /** Files left out because pdf.js, our source or pdftotext refused them. */
  skipped: number;
  ours: number;
  raw: number;
  poppler: number;
}

type Contestant = 'raw' | 'ours' | 'poppler';
const CONTESTANTS: Contestant[] = ['raw', 'ours', 'poppler'];

/**
 * Times each file with every contestant, in an order that rotates from file to file: whoever runs
 * right after another meets its garbage and a warmer or colder CPU, and a fixed order put that on
 * one side (it moved the ratio by up to 0.15). Each pdf.js contestant has a thread of its own, so
 * none sees a file another has just warmed its compiled code on. A file counts only when all three
 * read it.
 */
async function measure(
  files: string[],
  raw: RawPdfjsThread,
  source: ReturnType<typeof createOcrSource>,
): Promise<Totals> {
  const totals: Totals = { pages: 0, skipped: 0, ours: 0, raw: 0, poppler: 0 };
  const runners: Record<Contestant, (path: string) => Promise<number | undefined>> = {
    raw: (path) => raw.read(path),
    ours: async (path) => {
      const ctx = createTestContext({ limits: { ...source.manifest.limits } });
      await source.extract(
        { name: path, mediaType: 'application/pdf', sizeBytes: statSync(path).size, path },
        ctx,
      );
      return undefined;
    },
    poppler: (path) => {
      if (!pdftotext(path)) throw new Error('pdftotext failed');
      return Promise.resolve(undefined);
    },
  };
  for (const [index, path] of files.entries()) {
    const order = CONTESTANTS.map((_, offset) => CONTESTANTS[(index + offset) % CONTESTANTS.length]);
    const elapsed: Partial<Record<Contestant, number>> = {};
    let pages: number | undefined;
    try {
      for (const contestant of order) {
        if (contestant === undefined) continue;
        const started = performance.now();
        const counted = await runners[contestant](path);
        elapsed[contestant] = performance.now() - started;
        pages ??= counted;
      }
    } catch {
      totals.skipped += 1; // files pdf.js, our source (empty, corrupt) or pdftotext refuse are not timed
      continue;
    }
    totals.pages += pages ?? 0;
    for (const contestant of CONTESTANTS) totals[contestant] += elapsed[contestant] ?? 0;
  }
  return totals;
}

function ratio(totals: Totals): number {
  return totals.ours / Math.max(1e-9, totals.raw);
}

function row(name: string, totals: Totals): (string | number)[] {
  const perPage = (ms: number) => (ms / Math.max(1, totals.pages)).toFixed(1);
  return [
    name,
    totals.pages,
    perPage(totals.ours),
    perPage(totals.raw),
    perPage(totals.poppler),
    `${ratio(totals).toFixed(2)}x`,
  ];
}

function ratioCheck(name: string, totals: Totals): BenchCheck {
  return {
    name: `${name}: within ${String(MAX_RATIO)}x of raw pdf.js getTextContent`,
    pass: totals.pages > 0 && ratio(totals) <= MAX_RATIO,
    detail: `${ratio(totals).toFixed(2)}x over ${String(totals.pages)} pages`,
  };
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

/** Peak RSS in MB of extracting `path` in a fresh process, or why the child failed. */
function peakRss(path: string): number | string {
  const result = spawnSync(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', fileURLToPath(import.meta.url), '--rss', path],
    { encoding: 'utf8', cwd: resolve(here, '..') },
  );
  const mb = /RSS (\d+)/.exec(result.stdout)?.[1];
  return mb === undefined ? `failed: ${result.stderr.replace(/\s+/g, ' ').slice(0, 200)}` : Number(mb);
}

/** Runs the PDF benchmark: extraction speed against pdf.js and pdftotext, then peak RSS. */
export async function run(): Promise<BenchReport> {
  const raw = new RawPdfjsThread();
  const source = createOcrSource({ ocr: false });
  const tracemonkey = join(corpus, 'tracemonkey.pdf');
  const files = readdirSync(corpus)
    .filter((name) => name.endsWith('.pdf'))
    .map((name) => join(corpus, name));
  let single: Totals;
  let all: Totals;
  try {
    await measure([tracemonkey], raw, source); // warm-up: worker threads, fonts, JIT
    single = await measure(
      Array.from({ length: 4 }, () => tracemonkey),
      raw,
      source,
    );
    all = await measure(files, raw, source);
  } finally {
    await Promise.all([source.close?.(), raw.close()]);
  }
  const largest = [...files].sort((a, b) => statSync(b).size - statSync(a).size)[0] ?? tracemonkey;
  const largestRss = peakRss(largest);
  const generated = await writeFiveHundredPagePdf();
  const generatedRss = peakRss(generated);
  rmSync(dirname(generated), { recursive: true, force: true });
  const corpusName = `corpus (${String(files.length)} files)`;
  return {
    title: 'PDF text layer: ms/page (ocr: false), ours against raw pdf.js and pdftotext',
    columns: ['input', 'pages', 'ours ms/page', 'raw pdf.js ms/page', 'pdftotext ms/page', 'ours / raw'],
    rows: [row('tracemonkey.pdf x4', single), row(corpusName, all)],
    tables: [
      {
        title: 'PDF extraction peak RSS (fresh process each)',
        columns: ['input', 'peak RSS MB'],
        rows: [
          [`largest corpus file (${largest.split('/').at(-1) ?? ''})`, largestRss],
          ['generated 500-page PDF', generatedRss],
        ],
      },
    ],
    checks: [
      ratioCheck('tracemonkey.pdf', single),
      ratioCheck(corpusName, all),
      {
        name: `500-page PDF: peak RSS under ${String(MAX_RSS_MB)} MB`,
        pass: typeof generatedRss === 'number' && generatedRss < MAX_RSS_MB,
        detail: typeof generatedRss === 'number' ? `${String(generatedRss)} MB` : generatedRss,
      },
    ],
    notes: [`corpus files not timed (refused by pdf.js, our source or pdftotext): ${String(all.skipped)}`],
  };
}

const rssIndex = process.argv.indexOf('--rss');
const rssTarget = process.argv[rssIndex + 1];
if (isMain(import.meta.url) && rssIndex > 0 && rssTarget !== undefined) await rssChild(rssTarget);
else await runIfMain(import.meta.url, run);
