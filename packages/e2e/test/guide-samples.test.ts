import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Code } from 'mdast';
import remarkParse from 'remark-parse';
import ts from 'typescript';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { afterAll, describe, expect, it } from 'vitest';
import { GUIDES_DIRECTORY } from '@transmute/docs';

// Every TypeScript sample of the guides type-checks against the real packages, with the
// workspace's compiler options. A sample is one module; ` ```ts file=<name>.ts ` names it (other
// samples import it as `./<name>.js`); ` ```ts continues ` is checked after the last sample
// without that mark (its imports merged), for samples that use what an earlier one set up.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SAMPLES = fileURLToPath(new URL('../.guide-samples/', import.meta.url));

interface Sample {
  file: string;
  code: string;
}

/** Puts the import lines of both parts first, each once. */
function joinModules(first: string, second: string): string {
  const isImport = (line: string): boolean => /^import .* from '.+';$/.test(line);
  const lines = `${first}\n${second}`.split('\n');
  return [...new Set(lines.filter(isImport)), ...lines.filter((line) => !isImport(line))].join('\n');
}

function samplesOf(guide: string, markdown: string): Sample[] {
  const samples: Sample[] = [];
  let base: Sample | undefined;
  visit(unified().use(remarkParse).parse(markdown), 'code', (node: Code) => {
    if (node.lang !== 'ts') return;
    const meta = node.meta ?? '';
    const named = /(?:^|\s)file=(\S+\.ts)/.exec(meta)?.[1];
    const file = named ?? `${guide}-${String(samples.length + 1)}.ts`;
    if (/(?:^|\s)continues(?:\s|$)/.test(meta) && base !== undefined) {
      samples.push({ file, code: joinModules(base.code, node.value) });
      return;
    }
    base = { file, code: node.value };
    samples.push(base);
  });
  return samples;
}

/** The code of every fenced block of a language in the guides, by guide. */
async function blocksOf(lang: string): Promise<{ guide: string; code: string }[]> {
  const blocks: { guide: string; code: string }[] = [];
  for (const name of (await readdir(GUIDES_DIRECTORY)).filter((file) => file.endsWith('.md'))) {
    const tree = unified()
      .use(remarkParse)
      .parse(await readFile(join(GUIDES_DIRECTORY, name), 'utf8'));
    visit(tree, 'code', (node: Code) => {
      if (node.lang === lang) blocks.push({ guide: name, code: node.value });
    });
  }
  return blocks;
}

function compilerOptions(): ts.CompilerOptions {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), (path) => ts.sys.readFile(path));
  return { ...ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options, noEmit: true, declaration: false };
}

afterAll(() => rm(SAMPLES, { recursive: true, force: true }));

describe('code samples of the guides', () => {
  it('type-check against the packages they use', { timeout: 240_000 }, async () => {
    const files: string[] = [];
    for (const name of (await readdir(GUIDES_DIRECTORY)).filter((file) => file.endsWith('.md'))) {
      const guide = name.slice(0, -3);
      const samples = samplesOf(guide, await readFile(join(GUIDES_DIRECTORY, name), 'utf8'));
      if (samples.length === 0) continue;
      await mkdir(join(SAMPLES, guide), { recursive: true });
      for (const sample of samples) {
        const path = join(SAMPLES, guide, sample.file);
        await writeFile(path, `${sample.code}\nexport {};\n`);
        files.push(path);
      }
    }
    expect(files.length).toBeGreaterThanOrEqual(15);
    const program = ts.createProgram({ rootNames: files, options: compilerOptions() });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file?.fileName.startsWith(SAMPLES) !== false)
      .map((diagnostic) => {
        const where = diagnostic.file?.fileName.slice(SAMPLES.length) ?? '';
        return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
    expect(problems).toEqual([]);
  });

  it('in Python parse (the client itself is tested by its own suite)', async () => {
    const blocks = await blocksOf('python');
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    for (const { guide, code } of blocks) {
      const parsed = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], {
        input: code,
        encoding: 'utf8',
      });
      expect({ guide, status: parsed.status, error: parsed.stderr }).toEqual({ guide, status: 0, error: '' });
    }
  });
});
