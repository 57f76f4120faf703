import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const suites = join(import.meta.dirname, 'suites');
const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');

interface JsonReport {
  testResults: { assertionResults: { fullName: string; status: string }[] }[];
}

/** Runs suites/suites.suite.ts in its own vitest and returns the full name of every failed test. */
async function failedTests(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'transmute-suites-'));
  const outputFile = join(dir, 'report.json');
  try {
    const args = [
      'run',
      '--config',
      join(suites, 'vitest.config.ts'),
      '--reporter=json',
      `--outputFile=${outputFile}`,
    ];
    await run(vitest, args, { cwd: suites }).catch(() => undefined);
    const report = JSON.parse(await readFile(outputFile, 'utf8')) as JsonReport;
    return report.testResults
      .flatMap((file) => file.assertionResults)
      .filter((test) => test.status !== 'passed')
      .map((test) => test.fullName)
      .sort();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the conformance suites', () => {
  it('fail exactly the checks that misbehaving plugins break', { timeout: 120_000 }, async () => {
    expect(await failedTests()).toEqual(
      [
        // Disabled without declaring the code its files then fail with: health and every file fail.
        'disabled source that does not declare it (source adapter conformance) answers health(), with the reason when it is disabled',
        'disabled source that does not declare it (source adapter conformance) extracts a note',
        'disabled source that does not declare it (source adapter conformance) refuses a file over its maximum_bytes, also when the caller passes no limits',
        // Reads a file past its manifest's maximum_bytes.
        'unbounded source (source adapter conformance) refuses a file over its maximum_bytes, also when the caller passes no limits',
        // Describes its artifact with a hash of other bytes.
        'renderer with a wrong sha256 (output renderer conformance) renders a note',
      ].sort(),
    );
  });
});
