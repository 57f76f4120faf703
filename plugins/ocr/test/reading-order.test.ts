import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { normalizeDocument } from '@transmute/engine';
import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, repoRoot, toSourceFile } from './helpers.js';

const paper = join(resolve(repoRoot, '../shared/corpora/pdf'), 'tracemonkey.pdf');
const source = createOcrSource({ ocr: false, pageTimeoutMs: 30_000 });
let nodes: RootContent[] = [];

beforeAll(async () => {
  if (!existsSync(paper)) return;
  const { ctx } = createTestContext(source.manifest.limits);
  nodes = normalizeDocument(await source.extract(toSourceFile(paper, 'application/pdf'), ctx)).root.children;
}, 120_000);
afterAll(async () => {
  await source.close?.();
});

/** Where the first block starting with `text` stands in the document. */
const indexOf = (text: string): number => nodes.findIndex((node) => toString(node).startsWith(text));

describe.runIf(existsSync(paper))('reading order of a real two-column paper (tracemonkey.pdf)', () => {
  it('reads a column to its end before the next one, under a block that crosses the gutter (page 8)', () => {
    // Page 8: a table at the top of the right column is read as crossing both columns.
    expect(indexOf('5.2 Register Allocation')).toBeGreaterThan(0);
    expect(indexOf('5.2 Register Allocation')).toBeLessThan(indexOf('6. Implementation'));
    expect(indexOf('The heuristic considers the set R')).toBeLessThan(indexOf('6. Implementation'));
    expect(indexOf('6. Implementation')).toBeLessThan(indexOf('6.1 Calling Compiled Traces'));
    expect(nodes[indexOf('6. Implementation')]?.data?.provenance?.page).toBe(8);
  });
});

describe.runIf(existsSync(paper))('figures of a real two-column paper (tracemonkey.pdf)', () => {
  it('reads the sentence a figure at the top of the next column cuts before the figure and its caption (page 8)', () => {
    const cut = indexOf('The heuristic considers the set R');
    expect(toString(nodes[cut + 1] ?? { type: 'text', value: '' })).toMatch(
      /^heuristic selects v with minimum/,
    );
    expect(indexOf('Figure 9. Tagged values')).toBeGreaterThan(cut + 1);
  });
});

describe.runIf(existsSync(paper))('footnotes of a real two-column paper (tracemonkey.pdf)', () => {
  it('reads a footnote at the foot of the left column after the right column (page 5)', () => {
    const footnote = indexOf('1 Arrays are actually worse than this');
    expect(nodes[footnote]?.data?.provenance?.page).toBe(5);
    // The last paragraph of page 5's right column comes before the footnote.
    expect(indexOf('Extending a tree.')).toBeLessThan(footnote);
    expect(nodes[footnote + 1]?.data?.provenance?.page).toBe(6);
  });
});

const report = join(resolve(repoRoot, '../shared/corpora/tables'), 'foo.pdf');

describe.runIf(existsSync(report))('table captions of a real report page (foo.pdf)', () => {
  it('reads a caption set above its table right before the table, marked as its caption, not a sentence naming the table', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const read = await source.extract(toSourceFile(report, 'application/pdf'), ctx);
    const children = normalizeDocument(read).root.children;
    const table = children.findIndex((node) => node.data?.table !== undefined);
    expect(table).toBeGreaterThan(0);
    const caption = children[table - 1];
    expect(caption?.type).toBe('paragraph');
    expect(toString(caption ?? { type: 'text', value: '' })).toBe(
      'Table 2-1. Simulated fuel savings from isolated cycle improvements',
    );
    expect(caption?.data?.caption).toBe('table');
    const naming = children.findIndex((node) => toString(node).startsWith('Table 2-1 takes the analysis'));
    expect(naming).toBeGreaterThan(-1);
    expect(naming).toBeLessThan(table - 1);
    expect(children[naming]?.data?.caption).toBeUndefined();
  });
});

describe.runIf(existsSync(paper))('captions of a real two-column paper (tracemonkey.pdf)', () => {
  it('reads a caption set under its table right before the table (page 12, Figure 13)', () => {
    const caption = indexOf('Figure 13. Detailed trace recording statistics');
    expect(caption).toBeGreaterThan(-1);
    expect(nodes[caption]?.data?.caption).toBe('table');
    expect(nodes[caption + 1]?.data?.table?.columns).toContain('Speedup');
  });

  it('keeps a figure caption as its own paragraph where the figure is, marked as a figure caption (page 11, Figure 10)', () => {
    const caption = indexOf('Figure 10. Speedup vs. a baseline');
    expect(nodes[caption]?.type).toBe('paragraph');
    expect(nodes[caption]?.data?.caption).toBe('figure');
    expect(nodes[caption]?.data?.provenance?.page).toBe(11);
    // The body text naming the figure is no caption.
    expect(nodes[indexOf('Figure 10 shows the relative speedups')]?.data?.caption).toBeUndefined();
  });
});
