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
