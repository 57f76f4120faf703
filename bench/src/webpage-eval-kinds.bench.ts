/**
 * Main-content quality on every kind of web page (issue 26): the 614 WCXB pages of
 * `../shared/corpora/web-kinds` (service, forum, listing, product, collection, documentation), each
 * scored as the benchmark scores it (`webpage-eval/word-bag-score.ts`: precision / recall / F1 over
 * lowercase word bags against `ground_truth.main_content`, averaged over pages), per kind, for the
 * dev split and the held-out split (`webpage-eval/web-kinds-set.ts`, ~70/30 by a hash of the id),
 * side by side in one run with the extractors of `webpage-eval.bench.ts`; and the speed of each
 * extractor over the same pages, one page at a time: MB of HTML per second of wall time and per
 * CPU-second (the process's, every thread) spent in the extractor; scoring, and our markdown read
 * back as text for it, left out.
 * A page an extractor fails on (throws) is scored as empty and counted. Measurement only: no targets.
 * Per-page scores go to `bench/results/webpage-eval-kinds.json` (`BENCH_WEBPAGE_EVAL_KINDS_OUT`).
 *
 *   node --conditions=development --import tsx bench/src/webpage-eval-kinds.bench.ts
 *   BENCH_WEBPAGE_EVAL_EXTRACTORS=ours BENCH_WEBPAGE_EVAL_SPLIT=dev …   (a subset)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runIfMain, type BenchReport, type BenchTable } from './bench-report.js';
import { createExtractor, EXTRACTORS, type ExtractorName } from './webpage-eval/extractors.js';
import { loadWebKindsSet, WEB_KINDS, type WebKindsPage } from './webpage-eval/web-kinds-set.js';
import { averageWordBagScores, scoreWordBags, type WordBagScore } from './webpage-eval/word-bag-score.js';

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_OUTPUT = resolve(here, '../results/webpage-eval-kinds.json');
const WORST_PAGES = 15;

interface PageResult extends WordBagScore {
  error?: string;
}

interface ExtractorRun {
  name: ExtractorName;
  results: PageResult[];
  seconds: number;
  /** CPU seconds of this process (every thread: ours extracts in a worker) inside `extract`. */
  cpuSeconds: number;
}

async function runExtractor(name: ExtractorName, pages: readonly WebKindsPage[]): Promise<ExtractorRun> {
  const extractor = await createExtractor(name);
  let milliseconds = 0;
  let cpuMicros = 0;
  const timed = async (extract: () => Promise<string>): Promise<string> => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      return await extract();
    } finally {
      const used = process.cpuUsage(cpu);
      cpuMicros += used.user + used.system;
      milliseconds += performance.now() - started;
    }
  };
  try {
    const results: PageResult[] = [];
    for (const page of pages) {
      try {
        const extracted = await timed(() => extractor.extract(page.htmlPath));
        results.push(scoreWordBags(page.mainContent, extractor.plainText(extracted)));
      } catch (caught) {
        const error = caught instanceof Error ? caught.message : String(caught);
        results.push({ ...scoreWordBags(page.mainContent, ''), error });
      }
    }
    return { name, results, seconds: milliseconds / 1000, cpuSeconds: cpuMicros / 1e6 };
  } finally {
    await extractor.close();
  }
}

function chosenExtractors(): ExtractorName[] {
  const names = process.env['BENCH_WEBPAGE_EVAL_EXTRACTORS']?.split(',').map((name) => name.trim());
  if (names === undefined || names.join('') === '') return [...EXTRACTORS];
  return EXTRACTORS.filter((name) => names.includes(name));
}

function chosenPages(): WebKindsPage[] {
  const split = process.env['BENCH_WEBPAGE_EVAL_SPLIT'];
  const pages = loadWebKindsSet();
  return split === undefined || split === '' ? pages : pages.filter((page) => page.split === split);
}

const format = (value: number): string => value.toFixed(3);

function scoreRows(pages: readonly WebKindsPage[], runs: readonly ExtractorRun[]): (string | number)[][] {
  const indexes = pages.map((_, index) => index);
  const groups: [string, number[]][] = [];
  for (const split of ['dev', 'held-out'] as const) {
    for (const kind of [...WEB_KINDS, 'all'] as const) {
      const chosen = indexes.filter((index) => {
        const page = pages[index];
        return page?.split === split && (kind === 'all' || page.kind === kind);
      });
      if (chosen.length > 0) groups.push([`${split} ${kind}`, chosen]);
    }
  }
  groups.push(['all pages', indexes]);
  return groups.map(([group, chosen]) => [
    group,
    chosen.length,
    ...runs.flatMap((run) => {
      const summary = averageWordBagScores(chosen.map((index) => run.results[index] as PageResult));
      return [format(summary.f1), format(summary.precision), format(summary.recall)];
    }),
  ]);
}

function speedTable(pages: readonly WebKindsPage[], runs: readonly ExtractorRun[]): BenchTable {
  const megabytes = pages.reduce((sum, page) => sum + page.sizeBytes, 0) / 1e6;
  return {
    title: `Speed over the same ${String(pages.length)} pages (${megabytes.toFixed(1)} MB of HTML), one pass each, one page at a time`,
    columns: ['extractor', 'seconds', 'MB/s', 'CPU seconds', 'MB/CPU-s', 'failed pages'],
    rows: runs.map((run) => [
      run.name,
      run.seconds.toFixed(1),
      (megabytes / run.seconds).toFixed(2),
      run.cpuSeconds.toFixed(1),
      (megabytes / run.cpuSeconds).toFixed(2),
      run.results.filter((result) => result.error !== undefined).length,
    ]),
  };
}

function worstTable(pages: readonly WebKindsPage[], runs: readonly ExtractorRun[]): BenchTable {
  const ours = runs.find((run) => run.name === 'ours') ?? runs[0];
  const order = pages
    .map((page, index) => ({ page, index }))
    .filter(({ page }) => page.split === 'dev')
    .sort((a, b) => (ours?.results[a.index]?.f1 ?? 0) - (ours?.results[b.index]?.f1 ?? 0))
    .slice(0, WORST_PAGES);
  return {
    title: `The ${String(WORST_PAGES)} dev pages where ${ours?.name ?? 'ours'} scores lowest`,
    columns: ['id', 'kind', 'domain', ...runs.map((run) => `${run.name} F1`)],
    rows: order.map(({ page, index }) => [
      page.id,
      page.kind,
      page.domain,
      ...runs.map((run) => format(run.results[index]?.f1 ?? 0)),
    ]),
  };
}

/** Runs every chosen extractor over the chosen pages; per-kind tables by split, speed, worst pages. */
export async function run(): Promise<BenchReport> {
  const pages = chosenPages();
  const runs: ExtractorRun[] = [];
  for (const name of chosenExtractors()) {
    runs.push(await runExtractor(name, pages));
    console.error(`${name}: ${String(pages.length)} pages`);
  }
  const output = process.env['BENCH_WEBPAGE_EVAL_KINDS_OUT'] ?? DEFAULT_OUTPUT;
  await mkdir(dirname(output), { recursive: true });
  const dump = {
    generated: new Date().toISOString(),
    metric: 'precision / recall / F1 over lowercase word bags against ground_truth.main_content, per page',
    pages: pages.map((page, index) => ({
      id: page.id,
      kind: page.kind,
      domain: page.domain,
      split: page.split,
      results: Object.fromEntries(runs.map((run) => [run.name, run.results[index]])),
    })),
  };
  await writeFile(output, `${JSON.stringify(dump, null, 1)}\n`);
  return {
    title: `Main content of ${String(pages.length)} pages of ../shared/corpora/web-kinds (WCXB): word-bag F1 / precision / recall, averaged over pages`,
    columns: ['split kind', 'pages', ...runs.flatMap((run) => [`${run.name} F1`, 'P', 'R'])],
    rows: scoreRows(pages, runs),
    tables: [speedTable(pages, runs), worstTable(pages, runs)],
    notes: [
      'trafilatura is not installed on this machine (python3 has no trafilatura module) and nothing is downloaded: its figures are not in this run',
      `per-page scores: ${output}`,
    ],
  };
}

await runIfMain(import.meta.url, run);
