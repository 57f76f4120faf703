/**
 * Whole-process CPU time of the built CLI (`packages/cli/dist/bin.js`, as installed: run `pnpm
 * build` first) for `transmute --version` and `transmute convert` of a one-line text file, beside
 * `node -e 0`, the floor no Node CLI goes under. Each command runs in a fresh process; its user +
 * system CPU (children included) is read with bash's `times`, median of `BENCH_RUNS` (default 5).
 * Targets (issue 28): `--version` ≤ 0.15 s and the one-line convert ≤ 0.3 s of CPU, which needs
 * every command and plugin loaded on first use rather than at start.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median, recordResults, type BenchReport } from './bench-report.js';

const BIN = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Seconds of `bash -c 'times'` output's second line (`0m0.412s 0m0.081s`: the children's user, system). */
function childCpuSeconds(times: string): number {
  const line = times.trim().split('\n').at(-1) ?? '';
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

async function measure(argv: readonly string[]): Promise<{ cpu: number; wall: number }> {
  const quoted = argv.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const { stdout } = await promisify(execFile)('bash', ['-c', `${quoted} >/dev/null 2>&1; times`]);
    wall.push((performance.now() - started) / 1000);
    cpu.push(childCpuSeconds(stdout));
  }
  return { cpu: median(cpu), wall: median(wall) };
}

/** Runs the three commands and checks the two targets. */
export async function run(): Promise<BenchReport> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm build\` first.`);
  const work = await mkdtemp(join(tmpdir(), 'bench-cli-startup-'));
  try {
    const tiny = join(work, 'tiny.txt');
    await writeFile(tiny, 'One line of text.\n');
    const node = process.execPath;
    const cases = [
      { name: 'node -e 0 (floor)', argv: [node, '-e', '0'], target: undefined },
      { name: 'transmute --version', argv: [node, BIN, '--version'], target: 0.15 },
      { name: 'transmute convert tiny.txt', argv: [node, BIN, 'convert', '-q', tiny], target: 0.3 },
    ];
    const results = [];
    for (const entry of cases) results.push({ ...entry, ...(await measure(entry.argv)) });
    return recordResults('cli-startup', {
      title: `CLI start-up, whole process (median of ${String(RUNS)})`,
      columns: ['command', 'CPU s', 'wall s', 'target CPU s'],
      rows: results.map((result) => [
        result.name,
        result.cpu.toFixed(3),
        result.wall.toFixed(3),
        result.target === undefined ? '' : `≤ ${String(result.target)}`,
      ]),
      checks: results.flatMap((result) =>
        result.target === undefined
          ? []
          : [
              {
                name: `${result.name} CPU ≤ ${String(result.target)} s`,
                pass: result.cpu <= result.target,
                detail: `${result.cpu.toFixed(3)} s`,
              },
            ],
      ),
      notes: ['The CLI is the built dist: `pnpm build` before measuring a change.'],
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
