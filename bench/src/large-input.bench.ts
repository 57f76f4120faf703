/**
 * The 2 000 000-character input through each profile (markdown), each run in a fresh child
 * process so peak RSS is that conversion's alone: time (median of 3) and peak RSS (max of 3).
 * Target: peak RSS under 400 MB.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { OUTPUT_PROFILES } from '@transmute/contract';
import { median, type BenchReport } from './bench-report.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT_MB = 400;
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

/** Runs the large-input benchmark. */
export async function run(): Promise<BenchReport> {
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
    title: `2 000 000-character input through each profile (markdown), median of ${RUNS}, one child process per run`,
    columns: ['profile', 'total s', 'prepare s', 'peak RSS MB', 'chunks'],
    rows,
    checks: [
      {
        name: `peak RSS under ${LIMIT_MB} MB`,
        pass: worst < LIMIT_MB,
        detail: `worst ${worst.toFixed(0)} MB`,
      },
    ],
  };
}
