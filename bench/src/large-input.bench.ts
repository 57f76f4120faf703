/**
 * The 2 000 000-character input through each profile (markdown), each run in a fresh child
 * process so peak RSS is that conversion's alone: time (median of 3) and peak RSS (max of 3).
 * Target: peak RSS under 400 MB.
 *
 * Second table: the longest event-loop stall of this process while the same input is prepared and
 * rendered to each profile, with the engine's CPU stages in the calling thread (the library's
 * default, measured in the first table) and on its worker threads (`cpuWorkers: {}`, what
 * `transmute serve` uses). Target: under 250 ms.
 * `BENCH_LARGE=rss` or `BENCH_LARGE=gaps` runs one table only.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { OUTPUT_PROFILES, type OutputProfile } from '@transmute/contract';
import { createEngine, type EngineOptions } from '@transmute/engine';
import { generateLargeInput } from '../../fixtures/text/generate.js';
import { median, runIfMain, type BenchReport, type BenchTable } from './bench-report.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT_MB = 400;
const GAP_LIMIT_MS = 250;
const PART = process.env.BENCH_LARGE ?? 'all';
const child = fileURLToPath(new URL('./internal/convert-large.ts', import.meta.url));

interface ChildResult {
  ms: number;
  prepareMs: number;
  maxRssMb: number;
  chunks: number;
}

async function convertOnce(profile: string): Promise<ChildResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', child, profile],
    {
      maxBuffer: 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildResult;
}

/** Starts watching the event loop: the returned function stops and gives the longest gap between 5 ms ticks. */
function watchEventLoop(): () => number {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(longest, performance.now() - last);
  };
}

interface Measured {
  gapMs: number;
  ms: number;
  sha256: string;
}

/** Runs `task` under watch; its result is hashed (by `toText`) after the watch stops. */
async function measure<T>(
  task: () => Promise<T>,
  toText: (result: T) => Promise<string>,
): Promise<Measured & { result: T }> {
  const stop = watchEventLoop();
  const started = performance.now();
  const result = await task();
  const ms = performance.now() - started;
  const gapMs = stop();
  return {
    result,
    gapMs,
    ms,
    sha256: createHash('sha256')
      .update(await toText(result))
      .digest('hex'),
  };
}

/** Prepare once, then render every profile, in this process; each step's longest stall and output hash. */
async function measureMode(options: EngineOptions, content: string): Promise<Map<string, Measured>> {
  const engine = createEngine(options);
  const workDir = await mkdtemp(join(tmpdir(), 'bench-gaps-'));
  const results = new Map<string, Measured>();
  try {
    const prepare = await measure(
      () => engine.prepare({ type: 'text', content }, { workDir }),
      async ({ document }) => JSON.stringify(document),
    );
    results.set('prepare', prepare);
    const prepared = prepare.result.document;
    for (const profile of OUTPUT_PROFILES) {
      const output = { profile, format: 'markdown', language: 'en', includeRawSource: false } as const;
      results.set(
        profile,
        await measure(
          () => engine.render(prepared, output, { workDir }),
          ({ artifacts }) => readFile(artifacts[0]?.path ?? '', 'utf8'),
        ),
      );
    }
  } finally {
    await engine.close();
    await rm(workDir, { recursive: true, force: true });
  }
  return results;
}

/** The event-loop table: calling thread vs worker threads, same outputs. */
async function measureEventLoop(): Promise<{ table: BenchTable; worstMs: number; identical: boolean }> {
  const content = generateLargeInput();
  const inline = await measureMode({ cpuWorkers: false }, content);
  const workers = await measureMode({ cpuWorkers: {} }, content);
  const steps: (OutputProfile | 'prepare')[] = ['prepare', ...OUTPUT_PROFILES];
  let worstMs = 0;
  let identical = true;
  const rows = steps.map((step) => {
    const before = inline.get(step);
    const after = workers.get(step);
    if (before === undefined || after === undefined) throw new Error(`${step} was not measured`);
    worstMs = Math.max(worstMs, after.gapMs);
    identical &&= before.sha256 === after.sha256;
    return [
      step,
      before.gapMs.toFixed(0),
      after.gapMs.toFixed(0),
      (before.ms / 1000).toFixed(2),
      (after.ms / 1000).toFixed(2),
      before.sha256 === after.sha256 ? 'yes' : 'NO',
    ];
  });
  return {
    table: {
      title:
        'Longest event-loop stall while the 2 000 000-character input is prepared, then rendered to each profile (one process)',
      columns: ['step', 'stall ms inline', 'stall ms workers', 'inline s', 'workers s', 'same output'],
      rows,
    },
    worstMs,
    identical,
  };
}

/** The peak-RSS table: one child process per conversion. */
async function measureMemory(): Promise<{ table: BenchTable; worstMb: number }> {
  const rows: (string | number)[][] = [];
  let worst = 0;
  for (const profile of OUTPUT_PROFILES) {
    const results: ChildResult[] = [];
    for (let i = 0; i < RUNS; i++) results.push(await convertOnce(profile));
    const peak = Math.max(...results.map((result) => result.maxRssMb));
    worst = Math.max(worst, peak);
    rows.push([
      profile,
      (median(results.map((result) => result.ms)) / 1000).toFixed(2),
      (median(results.map((result) => result.prepareMs)) / 1000).toFixed(2),
      peak.toFixed(0),
      results[0]?.chunks ?? 0,
    ]);
  }
  return {
    table: {
      title: `2 000 000-character input through each profile (markdown), median of ${RUNS}, one child process per run`,
      columns: ['profile', 'total s', 'prepare s', 'peak RSS MB', 'chunks'],
      rows,
    },
    worstMb: worst,
  };
}

/** Runs the large-input benchmark. */
export async function run(): Promise<BenchReport> {
  if (!['all', 'rss', 'gaps'].includes(PART))
    throw new Error(`BENCH_LARGE=${PART}: expected all, rss or gaps`);
  const tables: BenchTable[] = [];
  const checks: NonNullable<BenchReport['checks']> = [];
  if (PART !== 'gaps') {
    const memory = await measureMemory();
    tables.push(memory.table);
    checks.push({
      name: `peak RSS under ${LIMIT_MB} MB`,
      pass: memory.worstMb < LIMIT_MB,
      detail: `worst ${memory.worstMb.toFixed(0)} MB`,
    });
  }
  if (PART !== 'rss') {
    const loop = await measureEventLoop();
    tables.push(loop.table);
    checks.push(
      {
        name: `event-loop stall under ${GAP_LIMIT_MS} ms with worker threads`,
        pass: loop.worstMs < GAP_LIMIT_MS,
        detail: `worst ${loop.worstMs.toFixed(0)} ms`,
      },
      {
        name: 'identical outputs in the calling thread and on worker threads',
        pass: loop.identical,
        detail: loop.identical ? 'every step' : 'some step differs',
      },
    );
  }
  const [first, ...rest] = tables;
  if (first === undefined) throw new Error('no table was measured');
  return { ...first, tables: rest, checks };
}

await runIfMain(import.meta.url, run);
