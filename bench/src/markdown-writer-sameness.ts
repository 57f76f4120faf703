/**
 * The engine's markdown writer kept byte-identical across a change (issue 26 speed work on
 * mdast-util-to-markdown, its patch and our handlers). Trees: every document fixture under
 * `fixtures/` a documents reader reads in process, and every page of `corpora/html` through the
 * webpage plugin's `convertHtml`. Each tree is written four ways — the engine's `toMarkdown`, its
 * other-bullet form, `toMarkdownWithSpans` (markdown and spans), and remark-stringify with
 * remark-gfm as the documents bench writes — and the outputs' SHA-256 recorded or compared.
 *
 *   node --conditions=development --import tsx bench/src/markdown-writer-sameness.ts record <file>
 *   node --conditions=development --import tsx bench/src/markdown-writer-sameness.ts check <file>
 *   node --conditions=development --import tsx bench/src/markdown-writer-sameness.ts time [passes]
 *
 * `record` before the change, `check` after (exit 1 on any difference, naming the tree and the
 * way). The web pages' trees are cached under the system's temporary directory by page hash (the
 * webpage plugin takes ~30 s for the corpus, and no writer change touches it); the documents'
 * trees are read fresh, so a reader change is checked too. `time` prints the CPU time of writing
 * every tree once per way, the mean of the passes.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaTypeFromName } from '@transmute/engine';
import { convertHtml } from '@transmute/plugin-webpage';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { toMarkdown, toMarkdownWithSpans } from '../../packages/engine/src/profiles/internal/markdown.js';
import { FORMATS } from '../../plugins/documents/src/internal/formats.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const PAGES = fileURLToPath(new URL('../../../shared/corpora/html/', import.meta.url));
const PAGE_TREES = join(tmpdir(), 'transmute-markdown-writer-sameness');

const remark = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-' })
  .freeze();

/** The ways a tree is written: the engine's three and the documents bench's. */
const WAYS: Record<string, (root: Root) => string> = {
  engine: (root) => toMarkdown(root),
  otherBullets: (root) => toMarkdown(root, true),
  withSpans: (root) => JSON.stringify(toMarkdownWithSpans(root)),
  remark: (root) => remark.stringify(root),
};

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function documentTrees(): Promise<Map<string, Root>> {
  const trees = new Map<string, Root>();
  for (const path of await filesUnder(FIXTURES)) {
    const mediaType = mediaTypeFromName(path) ?? '';
    const reader = FORMATS[mediaType];
    if (reader === undefined || mediaType.startsWith('text/')) continue;
    const bytes = await readFile(path);
    const name = path.slice(path.lastIndexOf('/') + 1);
    try {
      const { root } = await reader(
        { path, name, mediaType, sizeBytes: bytes.length },
        { signal: new AbortController().signal, limits: {}, warn: () => undefined },
      );
      trees.set(relative(FIXTURES, path), root);
    } catch {
      // A fixture made to fail (encrypted, corrupt) or one needing a converter not installed.
    }
  }
  return trees;
}

async function pageTrees(): Promise<Map<string, Root>> {
  await mkdir(PAGE_TREES, { recursive: true });
  const trees = new Map<string, Root>();
  for (const path of await filesUnder(PAGES)) {
    if (!path.endsWith('.html')) continue;
    const html = await readFile(path, 'utf8');
    const cached = join(PAGE_TREES, `${createHash('sha256').update(html).digest('hex')}.json`);
    let root: Root;
    if (existsSync(cached)) root = JSON.parse(await readFile(cached, 'utf8')) as Root;
    else {
      ({ root } = await convertHtml(html, { url: 'https://example.com/page' }));
      await writeFile(cached, JSON.stringify(root));
    }
    trees.set(`html/${relative(PAGES, path)}`, root);
  }
  return trees;
}

function digests(trees: Map<string, Root>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, root] of trees)
    for (const [way, write] of Object.entries(WAYS))
      out[`${name} ${way}`] = createHash('sha256').update(write(root)).digest('hex');
  return out;
}

function timeWays(trees: Map<string, Root>, passes: number): void {
  for (const [way, write] of Object.entries(WAYS)) {
    for (const root of trees.values()) write(root);
    const start = process.cpuUsage();
    for (let pass = 0; pass < passes; pass++) for (const root of trees.values()) write(root);
    const used = process.cpuUsage(start);
    console.log(`${way}: ${((used.user + used.system) / 1000 / passes).toFixed(1)} ms CPU a pass`);
  }
}

async function main(): Promise<void> {
  const [mode, argument] = process.argv.slice(2);
  const trees = new Map([...(await documentTrees()), ...(await pageTrees())]);
  console.log(`${trees.size} trees`);
  if (mode === 'time') return timeWays(trees, Number(argument ?? 5));
  if (argument === undefined || (mode !== 'record' && mode !== 'check'))
    throw new Error('usage: markdown-writer-sameness.ts record|check <file> | time [passes]');
  const now = digests(trees);
  if (mode === 'record') {
    await writeFile(argument, `${JSON.stringify(now, null, 1)}\n`);
    console.log(`${Object.keys(now).length} outputs recorded`);
    return;
  }
  const recorded = JSON.parse(await readFile(argument, 'utf8')) as Record<string, string>;
  const keys = new Set([...Object.keys(recorded), ...Object.keys(now)]);
  const differing = [...keys].filter((key) => recorded[key] !== now[key]);
  for (const key of differing) console.log(`differs: ${key}`);
  console.log(`${keys.size - differing.length} of ${keys.size} outputs identical`);
  if (differing.length > 0) process.exitCode = 1;
}

await main();
