import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_CASES,
  formatOf,
  inputPathOf,
} from '../../../plugins/documents/test/cases/document-cases.js';
import {
  goldenPathOf,
  PACKAGE_XML,
  MATRIX_CASES,
} from '../../../plugins/documents/test/cases/golden-cases.js';
import { splitProfiles, type MatrixRun } from '../../../plugins/documents/test/cases/profile-matrix.js';
import { runConvert } from '../src/index.js';
import { cliNodeArgs } from '../../../scripts/cli-under-test.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A stream that keeps what is written to it. */
function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** `transmute convert <path> --profile P --format F` as the command runs it (in this process). */
async function convert(
  path: string,
  run: MatrixRun,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = collector();
  const stderr = collector();
  const code = await runConvert(
    path,
    { profile: run.profile, format: run.format, language: 'en' },
    { stdin: Readable.from([]), stdout: stdout.stream, stderr: stderr.stream },
  );
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The same, through the real binary in a child process. */
function convertInChild(
  path: string,
  run: MatrixRun,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...cliNodeArgs(), 'convert', path, '--profile', run.profile, '--format', run.format],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Every readable document fixture through `transmute convert` in its half of the six profiles;
// the API test runs the other half (profile-matrix.ts says how the matrix is covered). The media
// type comes from the file's extension, as a user's run finds it. Each output must be its golden.
describe('transmute convert <document> --profile --format', () => {
  for (const [caseIndex, documentCase] of MATRIX_CASES.entries()) {
    const runs = splitProfiles(caseIndex).cli;
    const label = runs.map((run) => `${run.profile} ${run.format}`).join(', ');
    it(`${formatOf(documentCase)} (${documentCase.name}) in ${label}`, async () => {
      // Independent runs (each its own engine and work directory), so they overlap.
      const results = await Promise.all(runs.map((run) => convert(inputPathOf(documentCase), run)));
      for (const [index, run] of runs.entries()) {
        const where = `${documentCase.name} ${run.profile} ${run.format}`;
        const result = results[index] ?? { code: -1, stdout: '', stderr: 'no run' };
        expect(result.code, `${where}: ${result.stderr}`).toBe(0);
        expect(result.stdout, where).not.toMatch(PACKAGE_XML);
        expect(result.stdout, where).toBe(
          readFileSync(goldenPathOf(documentCase, run.profile, run.format), 'utf8'),
        );
      }
    }, 60_000);
  }

  for (const documentCase of DOCUMENT_CASES) {
    if (!('fails' in documentCase.expect)) continue;
    const code = documentCase.expect.fails;
    it(`refuses ${documentCase.name} with a one-line ${code} error and exit code 1`, async () => {
      const result = await convert(inputPathOf(documentCase), { profile: 'raw_source', format: 'markdown' });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^transmute: error: ${code}: `));
    });
  }

  it('the binary itself prints the same for a deck as the in-process command', async () => {
    const deck = MATRIX_CASES.find((documentCase) => documentCase.name === 'pptx-deck');
    if (deck === undefined) throw new Error('the case table has no pptx-deck');
    const run: MatrixRun = { profile: 'dataset_markdown', format: 'jsonl' };
    const child = await convertInChild(inputPathOf(deck), run);
    expect(child.code, child.stderr).toBe(0);
    expect(child.stdout).toBe(readFileSync(goldenPathOf(deck, run.profile, run.format), 'utf8'));
  }, 60_000);
});
