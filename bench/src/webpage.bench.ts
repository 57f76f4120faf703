/**
 * HTML → markdown benchmark (issue 5), side by side in one run on ../shared/corpora/html (258 real
 * pages): MB/s of source HTML, peak RSS and the slowest page of
 *   - ours:            linkedom + Readability + rehype-parse/rehype-remark/remark-gfm → markdown
 *   - ours-jsdom:      the same pipeline with jsdom under Readability (the DOM the issue names)
 *   - jsdom+turndown:  jsdom + Readability + turndown (the usual Node pipeline)
 *   - parse5:          parse5 parsing alone (the floor)
 * Each pipeline runs single-threaded in a fresh child process (so peak RSS is its own); rounds are
 * interleaved and the median of 3 is reported (BENCH_ROUNDS to change).
 * Targets: ours at least 5x as fast as jsdom+Readability+turndown (issue 16) with peak RSS under 1 GB.
 *
 *   node --conditions=development --import tsx bench/src/webpage.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMain, median, runIfMain, type BenchReport } from './bench-report.js';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = resolve(here, '../../../shared/corpora/html');
const PIPELINES = ['ours', 'ours-jsdom', 'jsdom+turndown', 'parse5'] as const;
type Pipeline = (typeof PIPELINES)[number];
const PAGE_URL = 'https://corpus.example/page/';
const MIN_RATIO = 5;
const MAX_RSS_MB = 1024;

interface RoundResult {
  pipeline: Pipeline;
  bytes: number;
  seconds: number;
  /** CPU seconds (user + system, all threads): steadier than wall time on a busy machine. */
  cpuSeconds: number;
  peakRssMb: number;
  slowest: { name: string; ms: number };
  outputCharacters: number;
}

type Converter = (html: string) => Promise<number>;

async function loadConverter(pipeline: Pipeline): Promise<Converter> {
  switch (pipeline) {
    case 'ours':
    case 'ours-jsdom': {
      const { convertHtml } = await import('@transmute/plugin-webpage');
      const { unified } = await import('unified');
      const remarkGfm = (await import('remark-gfm')).default;
      const remarkStringify = (await import('remark-stringify')).default;
      const stringifier = unified().use(remarkGfm).use(remarkStringify).freeze();
      const dom = pipeline === 'ours' ? 'linkedom' : 'jsdom';
      return async (html) => {
        const { root } = await convertHtml(html, { url: PAGE_URL, dom, jsdomFallback: false });
        return stringifier.stringify(root).length;
      };
    }
    case 'jsdom+turndown': {
      const { JSDOM, VirtualConsole } = await import('jsdom');
      const { Readability } = await import('@mozilla/readability');
      const TurndownService = (await import('turndown')).default;
      const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
      return async (html) => {
        const dom = new JSDOM(html, { url: PAGE_URL, virtualConsole: new VirtualConsole() });
        try {
          const article = new Readability(dom.window.document).parse();
          return article?.content ? turndown.turndown(article.content).length : 0;
        } finally {
          dom.window.close();
        }
      };
    }
    case 'parse5': {
      const { parse } = await import('parse5');
      return async (html) => (parse(html).childNodes.length > 0 ? 0 : 0);
    }
  }
}

/** Child process: one round of one pipeline over the whole corpus; prints a JSON line. */
async function runRound(pipeline: Pipeline): Promise<void> {
  const convert = await loadConverter(pipeline);
  const pages = readdirSync(corpus)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => ({ name, html: readFileSync(join(corpus, name), 'utf8') }));
  let bytes = 0;
  let outputCharacters = 0;
  let slowest = { name: '', ms: 0 };
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const page of pages) {
    const pageStarted = performance.now();
    outputCharacters += await convert(page.html);
    const ms = performance.now() - pageStarted;
    if (ms > slowest.ms) slowest = { name: page.name, ms };
    bytes += Buffer.byteLength(page.html);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const result: RoundResult = { pipeline, bytes, seconds, cpuSeconds, peakRssMb, slowest, outputCharacters };
  console.log(JSON.stringify(result));
}

function spawnRound(pipeline: Pipeline): RoundResult {
  const child = spawnSync(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', fileURLToPath(import.meta.url), '--round', pipeline],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    throw new Error(`${pipeline} round failed (${child.status}): ${child.stderr.slice(-2000)}`);
  }
  return JSON.parse(line) as RoundResult;
}

/** Runs the benchmark: one row per pipeline, targets as checks, ratios as notes. */
export async function run(): Promise<BenchReport> {
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);
  const results = new Map<Pipeline, RoundResult[]>(PIPELINES.map((pipeline) => [pipeline, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const pipeline of PIPELINES) {
      const result = spawnRound(pipeline);
      results.get(pipeline)?.push(result);
      const rate = (result.bytes / 1e6 / result.seconds).toFixed(2);
      console.error(`round ${round} ${pipeline}: ${rate} MB/s, ${result.cpuSeconds.toFixed(1)} CPU s`);
    }
  }
  const summary = PIPELINES.map((pipeline) => {
    const runs = results.get(pipeline) ?? [];
    const slowest = runs.map((r) => r.slowest).reduce((a, b) => (b.ms > a.ms ? b : a), { name: '', ms: 0 });
    return {
      pipeline,
      mbPerSecond: median(runs.map((r) => r.bytes / 1e6 / r.seconds)),
      mbPerCpuSecond: median(runs.map((r) => r.bytes / 1e6 / r.cpuSeconds)),
      peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
      slowestPage: `${slowest.name.slice(0, 12)}… ${Math.round(slowest.ms)} ms`,
      corpusMb: (runs[0]?.bytes ?? 0) / 1e6,
    };
  });
  const find = (pipeline: Pipeline) => summary.find((s) => s.pipeline === pipeline);
  const ours = find('ours');
  const usual = find('jsdom+turndown');
  const floor = find('parse5');
  if (!ours || !usual || !floor) throw new Error('a pipeline is missing from the summary');
  const ratio = ours.mbPerSecond / usual.mbPerSecond;
  const cpuRatio = ours.mbPerCpuSecond / usual.mbPerCpuSecond;
  return {
    title: `HTML → markdown on ${corpus} (${ours.corpusMb.toFixed(1)} MB, median of ${rounds} rounds, single thread)`,
    columns: ['pipeline', 'MB/s', 'MB/CPU-s', 'peak RSS MB', 'slowest page'],
    rows: summary.map((s) => [
      s.pipeline,
      s.mbPerSecond.toFixed(2),
      s.mbPerCpuSecond.toFixed(2),
      Math.round(s.peakRssMb),
      s.slowestPage,
    ]),
    checks: [
      {
        name: `ours at least ${String(MIN_RATIO)}x jsdom+Readability+turndown (wall)`,
        pass: ratio >= MIN_RATIO,
        detail: `${ratio.toFixed(2)}x wall, ${cpuRatio.toFixed(2)}x CPU`,
      },
      {
        name: `peak RSS of ours under ${String(MAX_RSS_MB)} MB`,
        pass: ours.peakRssMb < MAX_RSS_MB,
        detail: `${Math.round(ours.peakRssMb)} MB`,
      },
    ],
    notes: [`ours / parse5 floor: ${(ours.mbPerSecond / floor.mbPerSecond).toFixed(2)}x`],
  };
}

const roundIndex = process.argv.indexOf('--round');
const roundPipeline = PIPELINES.find((pipeline) => pipeline === process.argv[roundIndex + 1]);
if (isMain(import.meta.url) && roundIndex >= 0 && roundPipeline !== undefined) await runRound(roundPipeline);
else await runIfMain(import.meta.url, run);
