/**
 * Whole-process CPU time of the built CLI (`packages/cli/dist/bin.js`, as installed: run `pnpm
 * build` first) for `transmute --version` and `transmute convert` of a one-line text file, beside
 * `node -e 0`, the floor no Node CLI goes under. Each command runs in a fresh process; its user +
 * system CPU (children included) is read with bash's `times`; the three commands run in turn in each
 * of `BENCH_RUNS` rounds (default 5) and each row is the median of its runs.
 * Targets (issue 28): `--version` ≤ 0.15 s and the one-line convert ≤ 0.3 s of CPU, which needs
 * every command and plugin loaded on first use rather than at start.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
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

/** One fresh process of `argv`: its CPU seconds (user + system, from bash's `times`) and wall seconds. */
async function once(argv: readonly string[]): Promise<{ cpu: number; wall: number }> {
  const quoted = argv.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const started = performance.now();
  const { stdout } = await promisify(execFile)('bash', ['-c', `${quoted} >/dev/null 2>&1; times`]);
  return { cpu: childCpuSeconds(stdout), wall: (performance.now() - started) / 1000 };
}

/**
 * Medians of `RUNS` rounds, each round running every command once in turn, so a burst of load
 * from the other sessions on the machine falls on all of them alike rather than on one row.
 */
async function measureAlternated(
  argvs: readonly (readonly string[])[],
): Promise<{ cpu: number; wall: number }[]> {
  const samples = argvs.map(() => ({ cpu: [] as number[], wall: [] as number[] }));
  for (let round = 0; round < RUNS; round += 1) {
    for (const [index, argv] of argvs.entries()) {
      const { cpu, wall } = await once(argv);
      samples[index]?.cpu.push(cpu);
      samples[index]?.wall.push(wall);
    }
  }
  return samples.map((sample) => ({ cpu: median(sample.cpu), wall: median(sample.wall) }));
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
      // As a user types it: progress on stderr (JSON lines, stderr not being a terminal), output on stdout.
      { name: 'transmute convert tiny.txt', argv: [node, BIN, 'convert', tiny], target: 0.3 },
    ];
    const loadBefore = loadavg()[0] ?? 0;
    const measured = await measureAlternated(cases.map((entry) => entry.argv));
    const loadAfter = loadavg()[0] ?? 0;
    const results = cases.map((entry, index) => ({ ...entry, ...(measured[index] ?? { cpu: 0, wall: 0 }) }));
    const floor = results[0]?.cpu ?? 0;
    return recordResults('cli-startup', {
      title: `CLI start-up, whole process (median of ${String(RUNS)} alternated rounds)`,
      columns: ['command', 'CPU s', 'CPU s above the floor', 'wall s', 'target CPU s'],
      rows: results.map((result) => [
        result.name,
        result.cpu.toFixed(3),
        result === results[0] ? '' : (result.cpu - floor).toFixed(3),
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
      notes: [
        'The CLI is the built dist: `pnpm build` before measuring a change.',
        `1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${String(availableParallelism())} cores.`,
      ],
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
