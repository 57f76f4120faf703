import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';

// Issue 28, point 3: the README and the docs never put an API key on a command line, where shell
// history, `ps` and CI logs keep it. A command passes `--api-key-stdin`, TRANSMUTE_API_KEY or a
// variable (`$KEY`); a literal key (`tmk_` and key characters) or `--api-key <value>` in a shell
// sample fails this test.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function markdownFiles(): Promise<string[]> {
  const guides = (await readdir(join(ROOT, 'docs/guides'))).map((name) => `docs/guides/${name}`);
  const packages = await readdir(join(ROOT, 'packages'));
  const plugins = await readdir(join(ROOT, 'plugins'));
  return [
    'README.md',
    ...guides,
    ...packages.map((name) => `packages/${name}/README.md`),
    ...plugins.map((name) => `plugins/${name}/README.md`),
  ].filter((path) => path.endsWith('.md'));
}

/** The shell commands of a markdown file: its sh/bash/console code blocks and inline code. */
async function commandsOf(path: string): Promise<string[]> {
  const text = await readFile(join(ROOT, path), 'utf8').catch(() => '');
  const commands: string[] = [];
  visit(unified().use(remarkParse).parse(text), (node) => {
    if (node.type === 'code' && ['sh', 'bash', 'shell', 'console'].includes(node.lang ?? ''))
      commands.push(...node.value.split('\n').filter((line) => !line.startsWith('#')));
    if (node.type === 'inlineCode' && /^(pnpm |transmute |curl |npx )/.test(node.value))
      commands.push(node.value);
  });
  return commands;
}

/** `--api-key <value>` (not `--api-key-stdin`), or a literal key longer than the docs' `tmk_…`. */
const KEY_ON_COMMAND_LINE = /--api-key(?!-stdin)[ =]\S|\btmk_[A-Za-z0-9]{8,}/;

describe('no API key on a command line in the README and the docs', () => {
  it('finds the shell samples to check', async () => {
    const commands = (await Promise.all((await markdownFiles()).map(commandsOf))).flat();
    expect(commands.some((line) => line.includes('transmute login'))).toBe(true);
  });

  it('passes keys by prompt, stdin or the environment only', async () => {
    const offending: string[] = [];
    for (const path of await markdownFiles()) {
      for (const line of await commandsOf(path))
        if (KEY_ON_COMMAND_LINE.test(line)) offending.push(`${path}: ${line}`);
    }
    expect(offending).toEqual([]);
  });

  it('would catch one', () => {
    expect(KEY_ON_COMMAND_LINE.test('transmute jobs list --api-key tmk_x')).toBe(true);
    expect(KEY_ON_COMMAND_LINE.test('curl -H "Authorization: Bearer tmk_kQ5wfNS5AseamoHXe83g"')).toBe(true);
    expect(KEY_ON_COMMAND_LINE.test('printenv KEY | transmute login --api-key-stdin')).toBe(false);
    expect(KEY_ON_COMMAND_LINE.test('curl -H "Authorization: Bearer $KEY"')).toBe(false);
  });
});
