import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliNodeArgs } from '../../../../scripts/cli-under-test.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function transmute(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliNodeArgs(), ...args], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

function progressLines(stderr: string): { type: string; stage: string; percent: number }[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === 'progress');
}

describe('transmute convert (child process)', () => {
  it('converts a fixture file to stdout with JSON progress lines on stderr', async () => {
    const run = await transmute(['convert', 'fixtures/text/markdown-article/input.md']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^# Designing Reliable Background Job Queues with PostgreSQL/);
    const progress = progressLines(run.stderr);
    expect(progress[0]?.stage).toBe('source_acquisition');
    expect(progress.at(-1)?.percent).toBe(100);
  });

  it('reads stdin with "-" and writes --out with the chosen profile', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'cli-test-')), 'summary.md');
    const run = await transmute(
      ['convert', '-', '--profile', 'dataset_markdown', '--out', out],
      '# Notes\n\nThe quarterly review covers revenue, hiring and the new warehouse.\n',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(await readFile(out, 'utf8')).toContain('chk_');
  });

  it('converts an RTF file, and RTF piped to stdin, as RTF rather than plain text', async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl{\f0 Arial;}}\pard\outlinelevel0 Harvest\par\pard Caf\'e9 {\b open}.\par}`;
    const path = join(await mkdtemp(join(tmpdir(), 'cli-test-')), 'note.rtf');
    await writeFile(path, rtf, 'latin1');
    for (const run of [await transmute(['convert', path]), await transmute(['convert', '-'], rtf)]) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('# Harvest\n\nCafé **open**.');
      expect(run.stdout).not.toContain('fonttbl');
    }
  });

  it('fails whitespace-only input with a one-line empty_content message and a non-zero exit', async () => {
    const run = await transmute(['convert', 'fixtures/text/whitespace-only/input.txt']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      'transmute: error: empty_content: The source contains no extractable content.',
    );
  });

  it('fails clearly on a missing file and on a bad option', async () => {
    const missing = await transmute(['convert', 'fixtures/text/nope.md']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /transmute: error: source_unreachable: Cannot read fixtures\/text\/nope\.md/,
    );
    const badProfile = await transmute([
      'convert',
      'fixtures/text/csv-dataset/input.csv',
      '--profile',
      'poem',
    ]);
    expect(badProfile.code).not.toBe(0);
    expect(badProfile.stderr).toMatch(/--profile/);
  });
});

describe('transmute convert papercuts', { timeout: 180_000 }, () => {
  const page =
    '<!doctype html><html><head><title>Loopback page</title></head><body><article><h1>Loopback page</h1><p>The served page says that night trains are back in Europe and that sleeper cars run every evening.</p></article></body></html>';
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/page.html`;
  });
  afterAll(() => {
    server.close();
  });

  it('--version prints the package version', async () => {
    const run = await transmute(['--version']);
    expect(run.code).toBe(0);
    const { version } = JSON.parse(await readFile(join(root, 'packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    expect(run.stdout.trim()).toBe(version);
  });

  it('reads a URL with the server policy: loopback refused with the flag that allows it', async () => {
    const refused = await transmute(['convert', url, '--quiet']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/source_blocked: .*loopback/);
    expect(refused.stderr).toMatch(/hint: .*--allow-private-networks/);
    const allowed = await transmute(['convert', url, '--quiet', '--allow-private-networks']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('night trains are back in Europe');
    expect(allowed.stdout).not.toContain('<p>');
    expect(allowed.stderr).toBe('');
  });

  it('sniffs HTML piped on stdin, says what it wrote, and --quiet silences stderr', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-test-'));
    const out = join(dir, 'page.md');
    const run = await transmute(['convert', '-', '--out', out], page);
    expect(run.code, run.stderr).toBe(0);
    const markdown = await readFile(out, 'utf8');
    expect(markdown).toContain('night trains are back in Europe');
    expect(markdown).not.toContain('<article>');
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^wrote ${out.replace(/[.]/g, '\\.')} \\(\\d+ B, raw_source markdown, language en\\)$`),
    );
    const quiet = await transmute(['convert', '-', '--out', join(dir, 'quiet.md'), '-q'], page);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('labels the output in English unless --language is given, as the API does (issue 28, point 9)', async () => {
    const input = 'fixtures/text/non-english-article/input.md';
    const english = await transmute(['convert', input, '--profile', 'source_summary']);
    expect(english.code).toBe(0);
    expect(english.stdout).toContain('**Language:** de');
    expect(english.stderr).toContain('language_mismatch');
    expect(english.stderr).toMatch(/Ask for language \\?"de\\?"/);
    const german = await transmute(['convert', input, '--profile', 'source_summary', '--language', 'de']);
    expect(german.stdout).toContain('**Sprache:** de');
    expect(german.stderr).not.toContain('language_mismatch');
  });
});
