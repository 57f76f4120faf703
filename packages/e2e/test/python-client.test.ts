/**
 * The Python client's `python3 -m unittest` suite (packages/client-python/tests), run from `pnpm
 * test` so that each Python test is one vitest test (and counted in `.ci/run`'s closing line). The
 * suite starts its own `transmute serve` on loopback with the pinned Node this process runs on.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './blackbox/support/service.js';

const PACKAGE = join(ROOT, 'packages/client-python');
const REPORT = join(PACKAGE, 'tests/report.py');
const ENV = { ...process.env, TRANSMUTE_NODE: process.execPath, PYTHONDONTWRITEBYTECODE: '1' };

interface Outcome {
  outcome: 'passed' | 'failed' | 'error' | 'skipped';
  details: string;
}

/** The suite's test ids, discovered when this file is collected (an import error fails the file). */
const TEST_IDS = JSON.parse(
  execFileSync('python3', [REPORT, 'list'], { cwd: PACKAGE, env: ENV, encoding: 'utf8' }),
) as string[];

const directory = mkdtempSync(join(tmpdir(), 'transmute-py-report-'));
let outcomes: Record<string, Outcome> = {};
let log = '';

beforeAll(async () => {
  const resultPath = join(directory, 'result.json');
  log = await new Promise<string>((resolve) => {
    execFile(
      'python3',
      [REPORT, 'run', resultPath],
      { cwd: PACKAGE, env: ENV, maxBuffer: 64 * 1024 * 1024, timeout: 900_000 },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    );
  });
  try {
    outcomes = JSON.parse(readFileSync(resultPath, 'utf8')) as Record<string, Outcome>;
  } catch {
    outcomes = {};
  }
}, 900_000);

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('Python client (python3 -m unittest against a real server)', () => {
  it('discovers the suite', () => {
    expect(TEST_IDS.length).toBeGreaterThan(20);
  });

  it.each(TEST_IDS.map((id) => [id]))('%s', (id) => {
    const result = outcomes[id];
    // A test without an outcome did not run: its class or module setup failed (the log says why).
    expect(result?.outcome, result?.details ?? `not run; unittest output:\n${log.slice(-8000)}`).toBe(
      'passed',
    );
  });

  it('has no setup failure outside the tests', () => {
    const extra = Object.entries(outcomes).filter(
      ([id, result]) => !TEST_IDS.includes(id) && result.outcome !== 'passed',
    );
    expect(extra.map(([id, result]) => `${id}: ${result.details}`)).toEqual([]);
  });
});
