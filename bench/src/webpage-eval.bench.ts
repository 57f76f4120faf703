/**
 * Main-content quality on the hand-labelled web pages of `fixtures/webpage-eval` (issue 16, item 1),
 * side by side in one run:
 *   - ours:                  the page through the engine's webpage source → markdown → plain text
 *   - previous-release:      the same with the webpage plugin as of `PREVIOUS_RELEASE_COMMIT`
 *                            (`webpage-eval/previous-release.ts`: unpacked from git, run on today's engine)
 *   - readability-linkedom:  Readability's own `textContent` on linkedom (the DOM we use)
 *   - readability-jsdom:     Readability's own `textContent` on jsdom
 * Each text is scored against the page's label with the article-extraction benchmarks' metric
 * (F1 over 4-gram word shingles, per page, averaged; `webpage-eval/shingle-score.ts`), per page class
 * and overall. Measurement only: no targets. The per-page scores, with the longest stretches each
 * extractor added or dropped, are written to `bench/results/webpage-eval.json`
 * (`BENCH_WEBPAGE_EVAL_OUT` to write elsewhere) so a later change can see which pages it wins or loses.
 *
 *   node --conditions=development --import tsx bench/src/webpage-eval.bench.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runIfMain, type BenchReport, type BenchTable } from './bench-report.js';
import { loadEvalSet, PAGE_CLASSES, type EvalPage, type EvalSplit } from './webpage-eval/eval-set.js';
import { createExtractor, EXTRACTORS, type ExtractorName } from './webpage-eval/extractors.js';
import {
  scorePage,
  summarize,
  tokenize,
  unmatchedStretches,
  type PageScore,
  type ScoreSummary,
} from './webpage-eval/shingle-score.js';

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_OUTPUT = resolve(here, '../results/webpage-eval.json');
const STRETCHES_PER_PAGE = 3;
const WORST_PAGES = 10;

/** One extractor's result on one page. */
interface PageResult extends PageScore {
  words: number;
  /** The extraction threw: scored as an empty text. */
  error?: string;
  added: string[];
  dropped: string[];
}

interface ScoredPage {
  page: EvalPage;
  results: Record<ExtractorName, PageResult>;
}

async function scoreExtractor(name: ExtractorName, pages: readonly EvalPage[]): Promise<PageResult[]> {
  const extractor = await createExtractor(name);
  try {
    const results: PageResult[] = [];
    for (const page of pages) {
      let text = '';
      let error: string | undefined;
      try {
        text = extractor.plainText(await extractor.extract(page.htmlPath));
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
      results.push({
        ...scorePage(page.label, text),
        words: tokenize(text).length,
        ...(error === undefined ? {} : { error }),
        added: unmatchedStretches(page.label, text, STRETCHES_PER_PAGE),
        dropped: unmatchedStretches(text, page.label, STRETCHES_PER_PAGE),
      });
    }
    return results;
  } finally {
    await extractor.close();
  }
}

function format(value: number): string {
  return value.toFixed(3);
}

function summaryCells(summary: ScoreSummary): string[] {
  return [format(summary.f1), format(summary.precision), format(summary.recall)];
}

const SPLITS: readonly EvalSplit[] = ['train', 'held-out'];

function classRows(
  scored: readonly ScoredPage[],
  extractors: readonly ExtractorName[],
): (string | number)[][] {
  const groups = [
    ...PAGE_CLASSES.map(
      (pageClass) => [pageClass, scored.filter((entry) => entry.page.class === pageClass)] as const,
    ),
    ...SPLITS.map((split) => [split, scored.filter((entry) => entry.page.split === split)] as const),
    ['all', scored] as const,
  ].filter(([, entries]) => entries.length > 0);
  return groups.map(([group, entries]) => [
    group,
    entries.length,
    ...extractors.flatMap((name) => summaryCells(summarize(entries.map((entry) => entry.results[name])))),
  ]);
}

/** The extractors named in `BENCH_WEBPAGE_EVAL_EXTRACTORS` (all when unset). */
function chosenExtractors(): ExtractorName[] {
  const names = process.env['BENCH_WEBPAGE_EVAL_EXTRACTORS']?.split(',').map((name) => name.trim());
  if (names === undefined || names.join('') === '') return [...EXTRACTORS];
  return EXTRACTORS.filter((name) => names.includes(name));
}

/** The pages of the split named in `BENCH_WEBPAGE_EVAL_SPLIT` (all when unset). */
function chosenPages(): EvalPage[] {
  const split = process.env['BENCH_WEBPAGE_EVAL_SPLIT'];
  const pages = loadEvalSet();
  return split === undefined || split === '' ? pages : pages.filter((page) => page.split === split);
}

function headToHead(scored: readonly ScoredPage[], extractors: readonly ExtractorName[]): BenchTable {
  const rows = extractors
    .filter((name) => name !== 'ours')
    .map((peer) => {
      const delta = scored.map((entry) => entry.results.ours.f1 - entry.results[peer].f1);
      return [
        `ours vs ${peer}`,
        delta.filter((value) => value > 0.005).length,
        delta.filter((value) => value < -0.005).length,
        delta.filter((value) => Math.abs(value) <= 0.005).length,
      ];
    });
  return {
    title: 'Pages where ours scores better / worse / the same (page F1 differs by more than 0.005)',
    columns: ['comparison', 'better', 'worse', 'same'],
    rows,
  };
}

function worstPages(scored: readonly ScoredPage[], extractors: readonly ExtractorName[]): BenchTable {
  const peerF1 = (entry: ScoredPage, name: ExtractorName) =>
    extractors.includes(name) ? format(entry.results[name].f1) : '-';
  const worst = [...scored].sort((a, b) => a.results.ours.f1 - b.results.ours.f1).slice(0, WORST_PAGES);
  return {
    title: `The ${String(WORST_PAGES)} pages where ours scores lowest (details in the JSON dump)`,
    columns: [
      'page',
      'class',
      'ours F1',
      'ours P',
      'ours R',
      'previous F1',
      'linkedom F1',
      'jsdom F1',
      'split',
    ],
    rows: worst.map((entry) => [
      entry.page.file.slice(0, 12),
      entry.page.class,
      format(entry.results.ours.f1),
      format(entry.results.ours.precision),
      format(entry.results.ours.recall),
      peerF1(entry, 'previous-release'),
      peerF1(entry, 'readability-linkedom'),
      peerF1(entry, 'readability-jsdom'),
      entry.page.split,
    ]),
  };
}

async function writeDump(
  scored: readonly ScoredPage[],
  extractors: readonly ExtractorName[],
  path: string,
): Promise<void> {
  const dump = {
    generated: new Date().toISOString(),
    metric: 'F1 over 4-gram word shingles (fixtures/webpage-eval/RULE.md), per page',
    extractors,
    summary: Object.fromEntries(
      extractors.map((name) => [name, summarize(scored.map((entry) => entry.results[name]))]),
    ),
    pages: scored.map(({ page, results }) => ({
      file: page.file,
      class: page.class,
      split: page.split,
      labelWords: tokenize(page.label).length,
      results,
    })),
  };
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(dump, null, 2)}\n`);
}

/** Runs the evaluation: per-class table, head-to-head counts, the worst pages; writes the dump. */
export async function run(): Promise<BenchReport> {
  const pages = chosenPages();
  const extractors = chosenExtractors();
  const byExtractor = new Map<ExtractorName, PageResult[]>();
  for (const name of extractors) {
    const started = performance.now();
    byExtractor.set(name, await scoreExtractor(name, pages));
    console.error(
      `${name}: ${String(pages.length)} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const scored: ScoredPage[] = pages.map((page, index) => ({
    page,
    results: Object.fromEntries(
      EXTRACTORS.map((name) => [name, byExtractor.get(name)?.[index] ?? failed('not run')]),
    ) as Record<ExtractorName, PageResult>,
  }));
  const output = process.env['BENCH_WEBPAGE_EVAL_OUT'] ?? DEFAULT_OUTPUT;
  await writeDump(scored, extractors, output);
  const errors = scored.flatMap(({ page, results }) =>
    extractors
      .filter((name) => results[name].error !== undefined)
      .map((name) => `${name} failed on ${page.file.slice(0, 12)}…: ${results[name].error ?? ''}`),
  );
  return {
    title: `Main content against hand labels (${String(pages.length)} pages of fixtures/webpage-eval): shingle F1 / precision / recall`,
    columns: ['class', 'pages', ...extractors.flatMap((name) => [`${name} F1`, 'P', 'R'])],
    rows: classRows(scored, extractors),
    tables: [headToHead(scored, extractors), worstPages(scored, extractors)],
    notes: [
      'F1 = harmonic mean of the averaged precision and recall (as article-extraction-benchmark reports it)',
      `per-page scores and the longest added / dropped stretches: ${output}`,
      ...errors,
    ],
  };
}

function failed(error: string): PageResult {
  return { ...scorePage('', ''), words: 0, error, added: [], dropped: [] };
}

await runIfMain(import.meta.url, run);
