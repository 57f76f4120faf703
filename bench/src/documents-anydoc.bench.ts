/**
 * Documents against `@firecrawl/anydoc` (issue 26), side by side in one run on our own document
 * fixtures (docx, pptx, xlsx, odt, rtf, epub; `documents-anydoc/cases.ts`), each scored against a
 * hand-checked truth (`documents-anydoc/truth/`): token F1 (bags of words of the text, HTML tags
 * dropped) and structural F1 (headings with their levels, the shallowest taken as 1 on each side;
 * non-empty table cells; list items), dev and held-out files apart. Then speed in process: per
 * file, the median of `BENCH_RUNS` (default 5, after a warm-up) of the documents plugin's reader
 * called in this thread with its tree written as markdown, and of anydoc's `toMarkdownBytes`
 * (native, in process), the two timed in turn within each run; target: ours within 3× of anydoc
 * over all files and in every format's median. Each is timed as wall time and, where the platform
 * tells, as CPU time: ours on this thread, anydoc's on libuv's pool where its call runs (its few
 * microseconds on this thread left out); the targets are judged on CPU when it is known, as wall
 * times under other load measure the machine's queue more than either tool (a pool thread waits
 * for a core). The quality columns are scored on our whole engine path (`raw_source` markdown),
 * timed once for scale.
 *
 *   BENCH_RUNS=30 node --conditions=development --import tsx bench/src/documents-anydoc.bench.ts
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toMarkdownBytes } from '@firecrawl/anydoc';
import { createEngine, mediaTypeFromName, type Engine } from '@transmute/engine';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { createDocumentsSource } from '../../plugins/documents/src/index.js';
import { FORMATS } from '../../plugins/documents/src/internal/formats.js';
import { median, runIfMain, type BenchReport } from './bench-report.js';
import { threadCpuMs, threadPoolCpuMs } from './internal/thread-cpu.js';
import { DOCUMENT_CASES, FIXTURES, TRUTH, type DocumentCase } from './documents-anydoc/cases.js';
import { scoreTokens } from './pdf-fidelity/token-f1.js';
import { toScore, type Counts } from './pdf-structure/counts.js';
import { toStructure } from './pdf-structure/markdown-structure.js';
import {
  NO_STRUCTURE_COUNTS,
  addStructureCounts,
  countStructure,
  withShallowestLevelOne,
  type StructureCounts,
} from './pdf-structure/structure-score.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SPEED_TARGET = 3;
const TOOLS = ['transmute', 'anydoc'] as const;
type Tool = (typeof TOOLS)[number];

async function oursMarkdown(engine: Engine, path: string, workDir: string): Promise<string> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const mediaType = mediaTypeFromName(name) ?? 'application/octet-stream';
  const { size } = await stat(path);
  const { artifacts } = await engine.convert(
    { type: 'files', files: [{ name, mediaType, sizeBytes: size, path }] },
    { profile: 'raw_source', format: 'markdown', language: 'en', includeRawSource: false },
    { workDir },
  );
  const primary = artifacts[0];
  if (primary === undefined) throw new Error(`no markdown for ${path}`);
  return readFile(primary.path, 'utf8');
}

// The engine's markdown settings (packages/engine/src/profiles/internal/markdown.ts).
const stringifier = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-' })
  .freeze();

/** The plugin's reader for the file's format called in this thread (no worker), its tree as markdown. */
async function readerMarkdown(path: string, bytes: Buffer): Promise<string> {
  const mediaType = mediaTypeFromName(path) ?? '';
  const reader = FORMATS[mediaType];
  if (reader === undefined) throw new Error(`no reader for ${path}`);
  const { root } = await reader(
    { path, name: path.slice(path.lastIndexOf('/') + 1), mediaType, sizeBytes: bytes.length },
    { signal: new AbortController().signal, limits: {}, warn: () => undefined },
  );
  return stringifier.stringify(root);
}

/** The text a reader reads: HTML tags (tables, anchors, `<br>`) dropped. */
const plain = (markdown: string): string => markdown.replace(/<[^>]+>/g, ' ');

interface Scored {
  tokenF1: number;
  structure: StructureCounts;
}

function score(markdown: string, truth: string): Scored {
  const [found, labelled] = withShallowestLevelOne([toStructure(markdown)]).concat(
    withShallowestLevelOne([toStructure(truth)]),
  );
  return {
    tokenF1: scoreTokens(plain(markdown), plain(truth)).f1,
    structure: countStructure(found ?? toStructure(''), labelled ?? toStructure('')),
  };
}

/** Where a tool's CPU time is spent: ours on this thread, anydoc's on libuv's pool. */
const CPU_CLOCK: Record<Tool, () => number | undefined> = { transmute: threadCpuMs, anydoc: threadPoolCpuMs };

/** A tool's median milliseconds per file: wall, and CPU when the platform tells. */
interface Timing {
  wall: number;
  cpu: number | undefined;
}

/**
 * Each tool's median over `RUNS`, the tools timed in turn within each run (their order swapped
 * every run), so that load from other processes falls on both alike rather than on whichever
 * block of runs it coincided with.
 */
async function timeSideBySide(fns: Record<Tool, () => Promise<unknown>>): Promise<Record<Tool, Timing>> {
  const wall: Record<Tool, number[]> = { transmute: [], anydoc: [] };
  const cpu: Record<Tool, number[]> = { transmute: [], anydoc: [] };
  for (let run = 0; run < RUNS; run += 1) {
    for (const tool of run % 2 === 0 ? TOOLS : [...TOOLS].reverse()) {
      const cpuBefore = CPU_CLOCK[tool]();
      const started = performance.now();
      await fns[tool]();
      wall[tool].push(performance.now() - started);
      const cpuAfter = CPU_CLOCK[tool]();
      if (cpuBefore !== undefined && cpuAfter !== undefined) cpu[tool].push(cpuAfter - cpuBefore);
    }
  }
  const timing = (tool: Tool): Timing => ({
    wall: median(wall[tool]),
    cpu: cpu[tool].length === RUNS ? median(cpu[tool]) : undefined,
  });
  return { transmute: timing('transmute'), anydoc: timing('anydoc') };
}

const f1 = (counts: Counts): string => toScore(counts).f1.toFixed(3);

interface CaseResult {
  documentCase: DocumentCase;
  scores: Record<Tool, Scored>;
  ms: Record<Tool, Timing>;
  /** Our whole engine path once (sniffing, the parsing worker, normalization, raw_source). */
  engineMs: number;
}

async function runCase(engine: Engine, documentCase: DocumentCase, workDir: string): Promise<CaseResult> {
  const path = join(FIXTURES, documentCase.file);
  const truth = await readFile(join(TRUTH, documentCase.truth), 'utf8');
  const bytes = await readFile(path);
  const ours = await oursMarkdown(engine, path, workDir);
  const theirs = await toMarkdownBytes(bytes);
  // Each warmed up once (the first call compiles), then timed; the engine's whole path once for scale.
  await readerMarkdown(path, bytes);
  const ms = await timeSideBySide({
    transmute: () => readerMarkdown(path, bytes),
    anydoc: () => toMarkdownBytes(bytes),
  });
  const started = performance.now();
  await oursMarkdown(engine, path, workDir);
  const engineMs = performance.now() - started;
  return {
    documentCase,
    scores: { transmute: score(ours, truth), anydoc: score(theirs, truth) },
    ms,
    engineMs,
  };
}

export async function run(): Promise<BenchReport> {
  const engine = createEngine({ plugins: [createDocumentsSource()] });
  const workDir = await mkdtemp(join(tmpdir(), 'documents-anydoc-'));
  const results: CaseResult[] = [];
  try {
    for (const documentCase of DOCUMENT_CASES) results.push(await runCase(engine, documentCase, workDir));
  } finally {
    await engine.close();
    await rm(workDir, { recursive: true, force: true });
  }
  const rows: (string | number)[][] = [];
  for (const split of ['dev', 'held-out'] as const) {
    const inSplit = results.filter((result) => result.documentCase.split === split);
    for (const tool of TOOLS) {
      const structure = inSplit.reduce(
        (sum, result) => addStructureCounts(sum, result.scores[tool].structure),
        NO_STRUCTURE_COUNTS,
      );
      const tokenF1 =
        inSplit.reduce((sum, result) => sum + result.scores[tool].tokenF1, 0) / Math.max(1, inSplit.length);
      rows.push([
        split,
        inSplit.length,
        tool,
        tokenF1.toFixed(3),
        f1(structure.all),
        f1(structure.headings),
        f1(structure.cells),
        f1(structure.listItems),
      ]);
    }
  }
  // CPU where every file has it (the targets are judged on it), else wall time.
  const byCpu = results.every((result) => TOOLS.every((tool) => result.ms[tool].cpu !== undefined));
  const judged = (timing: Timing): number => (byCpu ? (timing.cpu ?? timing.wall) : timing.wall);
  const clock = byCpu ? 'CPU' : 'wall';
  const perFile = results.map((result) => [
    result.documentCase.file,
    result.documentCase.split,
    ...TOOLS.flatMap((tool) => [
      result.scores[tool].tokenF1.toFixed(3),
      f1(result.scores[tool].structure.all),
    ]),
    result.ms.transmute.wall.toFixed(2),
    result.ms.anydoc.wall.toFixed(2),
    result.ms.transmute.cpu?.toFixed(3) ?? '-',
    result.ms.anydoc.cpu?.toFixed(3) ?? '-',
    (judged(result.ms.transmute) / judged(result.ms.anydoc)).toFixed(2),
    result.engineMs.toFixed(0),
  ]);
  const formatOf = (result: CaseResult): string =>
    result.documentCase.file.slice(result.documentCase.file.lastIndexOf('.') + 1);
  const perFormat = [...new Set(results.map(formatOf))].map((format) => {
    const inFormat = results.filter((result) => formatOf(result) === format);
    return {
      format,
      files: inFormat.length,
      transmute: median(inFormat.map((result) => judged(result.ms.transmute))),
      anydoc: median(inFormat.map((result) => judged(result.ms.anydoc))),
      ratio: median(inFormat.map((result) => judged(result.ms.transmute) / judged(result.ms.anydoc))),
    };
  });
  const total = (tool: Tool) => results.reduce((sum, result) => sum + judged(result.ms[tool]), 0);
  const ratio = total('transmute') / total('anydoc');
  const medianRatio = median(results.map((result) => judged(result.ms.transmute) / judged(result.ms.anydoc)));
  return {
    title: 'Documents against @firecrawl/anydoc: token and structural F1 against hand-checked truth',
    columns: ['split', 'files', 'tool', 'token F1', 'structural F1', 'headings', 'cells', 'list items'],
    rows,
    tables: [
      {
        title: `Per file (ms: the reader in this thread against anydoc, median of ${String(RUNS)} after a warm-up, wall and CPU; × on ${clock} time; engine ms: our whole path once)`,
        columns: [
          'file',
          'split',
          'ours token',
          'ours struct',
          'anydoc token',
          'anydoc struct',
          'ours wall',
          'anydoc wall',
          'ours CPU',
          'anydoc CPU',
          '×',
          'engine ms',
        ],
        rows: perFile,
      },
      {
        title: `Per format (${clock} ms, medians over its files; × is the median of the per-file ratios)`,
        columns: ['format', 'files', 'ours ms', 'anydoc ms', '×'],
        rows: perFormat.map((row) => [
          row.format,
          row.files,
          row.transmute.toFixed(2),
          row.anydoc.toFixed(2),
          row.ratio.toFixed(2),
        ]),
      },
    ],
    checks: [
      {
        name: `documents in process within ${String(SPEED_TARGET)}× of anydoc per file (sum over files, ${clock} time)`,
        pass: ratio <= SPEED_TARGET,
        detail: `${ratio.toFixed(2)}× over ${String(results.length)} files (median per file ${medianRatio.toFixed(2)}×): ${total('transmute').toFixed(0)} ms against ${total('anydoc').toFixed(0)} ms`,
      },
      {
        name: `every format's median per file within ${String(SPEED_TARGET)}× of anydoc (${clock} time)`,
        pass: perFormat.every((row) => row.ratio <= SPEED_TARGET),
        detail: perFormat.map((row) => `${row.format} ${row.ratio.toFixed(2)}×`).join(', '),
      },
    ],
    notes: [
      'Structure: headings as level + text, non-empty table cells, list items, as bags of normalized text (bench/src/pdf-structure).',
      'Speed compares the documents reader called in process (no worker) with anydoc, a native addon called in process; the engine column adds sniffing, a warm parsing thread from the pool (the first file pays its start), normalization and rendering.',
      "CPU: ours is this thread's (its scheduler clock: V8's helper threads for garbage collection left out), anydoc's is libuv's pool threads' (/proc/self/task, Linux), where its conversion runs.",
    ],
  };
}

await runIfMain(import.meta.url, run);
