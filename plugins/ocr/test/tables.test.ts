import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Html, RootContent, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, repoRoot, toSourceFile } from './helpers.js';

const corpus = resolve(repoRoot, '../shared/corpora/tables');
const source = createOcrSource({ ocr: false });
afterAll(async () => {
  await source.close?.();
});

async function read(name: string): Promise<RootContent[]> {
  const { ctx } = createTestContext(source.manifest.limits);
  const document = await source.extract(toSourceFile(join(corpus, name), 'application/pdf'), ctx);
  return document.root.children;
}

const tables = (nodes: RootContent[]): (Table | Html)[] =>
  nodes.filter((node): node is Table | Html => node.data?.table !== undefined);

describe.runIf(existsSync(corpus))('ruled tables read from the page drawing', () => {
  it('keeps a header spanning two columns as one cell over them, not as a heading (column_span_1)', async () => {
    const nodes = await read('column_span_1.pdf');
    const [table, ...others] = tables(nodes);
    expect(others).toHaveLength(0);
    expect(table?.type).toBe('html');
    expect(table?.type === 'html' ? table.value : '').toContain('<th colspan="2">Accidental Deaths</th>');
    expect(nodes.some((node) => node.type === 'heading' && toString(node) === 'Accidental Deaths')).toBe(
      false,
    );
    const cell = table?.data?.table?.cells?.find((one) => one.text === 'Accidental Deaths');
    expect(cell).toMatchObject({ row: 0, col: 3, rowSpan: 1, colSpan: 2 });
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = cell?.bbox?.box ?? [];
    expect(cell?.bbox?.page).toBe(1);
    expect(x1 - x0).toBeGreaterThan(0.05);
    expect(y1 - y0).toBeGreaterThan(0.005);
    expect(table?.data?.table?.rows).toHaveLength(49);
  });

  it('keeps a cell spanning many rows as one cell (row_span)', async () => {
    const [table] = tables(await read('lattice__row_span__row_span.pdf'));
    const value = table?.type === 'html' ? table.value : '';
    expect(value).toMatch(/<td rowspan="\d+">GMC<\/td>/);
    expect(table?.data?.table?.cells?.find((cell) => cell.text === 'GMC')?.rowSpan).toBeGreaterThan(5);
  });

  it('joins the lines of a ruled cell and leaves a framed paragraph beside the table as text (background_lines_1)', async () => {
    const nodes = await read('background_lines_1.pdf');
    const found = tables(nodes);
    expect(found).toHaveLength(1);
    const cells = found[0]?.data?.table?.cells?.map((cell) => cell.text) ?? [];
    expect(cells).toContain('2.12.2009 to 19.12.2009');
    expect(cells).toContain('Persons directly reached (in lakh)');
    expect(
      nodes.some((node) => node.type === 'paragraph' && toString(node).startsWith('The Red Ribbon Express')),
    ).toBe(true);
  });
});
