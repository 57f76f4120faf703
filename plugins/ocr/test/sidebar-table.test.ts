import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, repoRoot, toSourceFile } from './helpers.js';

const paper = resolve(repoRoot, '../shared/corpora/pdf/tracemonkey.pdf');
const source = createOcrSource({ ocr: false });
afterAll(async () => {
  await source.close?.();
});

type Provenance = { page?: number; bbox?: { box: number[] }[] };
const pageOf = (node: RootContent): number | undefined =>
  (node.data as { provenance?: Provenance } | undefined)?.provenance?.page;

describe.runIf(existsSync(paper))(
  'a small table in one column of a two-column page (issue 25, mode 6)',
  () => {
    it('keeps the heading level with its header row out of it (tracemonkey page 8, Figure 9)', async () => {
      const { ctx } = createTestContext(source.manifest.limits);
      const document = await source.extract(toSourceFile(paper, 'application/pdf'), ctx);
      const page = document.root.children.filter((node) => pageOf(node) === 8);
      const tables = page.filter((node) => node.data?.table !== undefined);
      expect(tables).toHaveLength(1);
      const table = tables[0]?.data?.table;
      expect(table?.columns).toEqual(['Tag', 'JS Type', 'Description']);
      expect(table?.rows[0]).toEqual(['xx1', 'number', '31-bit integer representation']);
      expect(table?.rows).toHaveLength(5);
      // Its last type cell is three lines, the two under "boolean" set beside the other column's prose.
      expect(table?.rows[4]).toEqual([
        '110',
        'boolean null, or undefined',
        'enumeration for null, undefined, true, false',
      ]);
      // The table stands in the right column only: its box starts right of the page's middle.
      const [x0 = 0] = (tables[0]?.data as { provenance?: Provenance }).provenance?.bbox?.[0]?.box ?? [];
      expect(x0).toBeGreaterThan(0.5);
      const headings = page.filter((node) => node.type === 'heading').map((node) => toString(node));
      expect(headings).toContain('5.1 Optimizations');
    });
  },
);

const report = resolve(repoRoot, '../shared/corpora/tables/copy_text.pdf');

describe.runIf(existsSync(report))('the last line of a header cell of three lines (copy_text.pdf)', () => {
  it('joins "outbreak" under "start of" into that cell instead of leaving it as a paragraph', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(report, 'application/pdf'), ctx);
    const nodes = document.root.children;
    const table = nodes.find((node) => node.data?.table !== undefined)?.data?.table;
    expect(table?.columns).toContain('Date of start of outbreak');
    expect(nodes.filter((node) => node.type === 'paragraph').map((node) => toString(node))).not.toContain(
      'outbreak',
    );
  });
});
