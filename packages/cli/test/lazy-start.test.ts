import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_CLI_ARGS } from '../../../scripts/cli-under-test.js';

// `--import tsx` resolves from the working directory: the commands run in the repository root.
const ROOT = new URL('../../../', import.meta.url).pathname;

/** A module hook that appends the URL of every module the process loads to the file `$LOADED`. */
const RECORDER = `
import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({ load(url, context, next) { appendFileSync(process.env.LOADED, url + '\\n'); return next(url, context); } });
`;

let work: string;
let recorder: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'transmute-cli-lazy-'));
  recorder = join(work, 'record-loads.mjs');
  await writeFile(recorder, RECORDER);
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Runs the real CLI entry and returns its stdout and the URLs of every module it loaded. */
async function loadsOf(args: string[]): Promise<{ stdout: string; modules: string[] }> {
  const loaded = join(work, `loaded-${String(Date.now())}.txt`);
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', recorder, ...SOURCE_CLI_ARGS, ...args],
      { cwd: ROOT, env: { ...process.env, LOADED: loaded } },
      (error, out, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(out)),
    );
  });
  return { stdout, modules: (await readFile(loaded, 'utf8')).trim().split('\n') };
}

const isPlugin = (url: string): boolean => /\/plugins\/[^/]+\/|@transmute\/plugin-(?!sdk)/.test(url);

describe('what the CLI loads at start', { timeout: 60_000 }, () => {
  it('prints --version without loading the engine, the service or the client', async () => {
    const { stdout, modules } = await loadsOf(['--version']);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(modules.filter((url) => /\/packages\/(engine|service|client|contract)\//.test(url))).toEqual([]);
  });

  it('converts a one-line text file without loading any plugin', async () => {
    const tiny = join(work, 'tiny.txt');
    await writeFile(tiny, 'One line of text.\n');
    const { stdout, modules } = await loadsOf(['convert', '-q', tiny]);
    expect(stdout).toContain('One line of text.');
    expect(modules.some((url) => url.includes('/packages/engine/'))).toBe(true);
    expect(modules.filter(isPlugin)).toEqual([]);
    // Too short to tell its language: franc's trigram tables are not loaded for it.
    expect(modules.filter((url) => url.includes('/franc/'))).toEqual([]);
    // Writing markdown needs no markdown parser (micromark, its GFM syntax), and a text no CSV parser.
    const parsers =
      /node_modules\/(micromark|micromark-core-commonmark|micromark-extension-[^/]+|remark-parse|csv-parse)\//;
    expect(modules.filter((url) => parsers.test(url))).toEqual([]);
  });

  it('loads the markdown parser for a markdown file, and the CSV parser for a CSV file', async () => {
    const markdown = join(work, 'note.md');
    await writeFile(markdown, '# Note\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    const read = await loadsOf(['convert', '-q', markdown]);
    expect(read.stdout).toContain('| a | b |');
    expect(read.modules.some((url) => url.includes('/remark-parse/'))).toBe(true);
    expect(read.modules.some((url) => url.includes('/csv-parse/'))).toBe(false);
    const csv = join(work, 'table.csv');
    await writeFile(csv, 'name,count\npears,3\n');
    const table = await loadsOf(['convert', '-q', csv]);
    expect(table.stdout).toContain('pears');
    expect(table.modules.some((url) => url.includes('/csv-parse/'))).toBe(true);
  });

  it.each([
    ['an HTML page', 'webpage/news-article/input.html', [], ['webpage']],
    ['a Word document', 'documents/docx-report/input.docx', [], ['documents']],
    ['a PDF', 'ocr/french.pdf', [], ['ocr']],
    ['a text file as JSONL', 'text/plain-report/input.txt', ['--format', 'jsonl'], ['dataset']],
  ])('loads only the plugin %s needs', async (_name, fixture, options, expected) => {
    const input = new URL(`../../../fixtures/${fixture}`, import.meta.url).pathname;
    const { modules } = await loadsOf(['convert', '-q', ...options, input]);
    const plugins = new Set(
      modules.flatMap(
        (url) => /\/plugins\/([^/]+)\/|@transmute\/plugin-(?!sdk)([a-z]+)/.exec(url)?.slice(1, 3) ?? [],
      ),
    );
    expect([...plugins].filter(Boolean).sort()).toEqual(expected);
  });
});
