import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { normalizeDocument } from '@transmute/engine';
import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, repoRoot, toSourceFile } from './helpers.js';

const paper = join(resolve(repoRoot, '../shared/corpora/pdf'), 'tracemonkey.pdf');
const source = createOcrSource({ ocr: false, pageTimeoutMs: 30_000 });
afterAll(async () => {
  await source.close?.();
});

describe.runIf(existsSync(paper))('headings of a real two-column paper (tracemonkey.pdf)', () => {
  it('keeps bold body-size section headings apart from their paragraphs, one level under their numbered parent', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const { root } = normalizeDocument(await source.extract(toSourceFile(paper, 'application/pdf'), ctx));
    const headings = root.children
      .filter((node): node is Heading => node.type === 'heading')
      .map((node) => `${'#'.repeat(node.depth)} ${toString(node)}`);
    expect(headings[0]).toBe('# Trace-based Just-in-Time Type Specialization for Dynamic Languages');
    expect(headings).toContain('## 3. Trace Trees');
    expect(headings).toContain('### 3.1 Traces');
    expect(headings).toContain('### 6.6 Correctness');
    expect(headings).toContain('## 10. Future Work');
    // A figure's one-letter label set large is not a heading.
    expect(headings.filter((heading) => /^#+ \S$/.test(heading))).toEqual([]);
  });
});
