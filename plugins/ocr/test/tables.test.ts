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
  it('keeps two ruled tables one above the other apart, though their borders stand in line (twotables_1)', async () => {
    // Borders at the same x, 35 pt apart, were merged into one line through the gap: the two
    // tables made one grid, which was no table at all.
    const found = tables(await read('twotables_1.pdf'));
    const first = found[0]?.data?.table;
    expect(first?.columns).toContain('Date of start of outbreak');
    expect(first?.rows).toHaveLength(2);
    expect(first?.rows[0]?.slice(1, 5)).toEqual([
      'West Bengal',
      'Bankura',
      'xix. Acute Diarrhoeal Disease',
      '46',
    ]);
    expect(first?.cells?.find((cell) => cell.text === 'West Bengal')?.rowSpan).toBe(2);
  });

  it('reads a ruled table whose shaded header cells hold boxes of the shading colour (twotables_1, mode 1)', async () => {
    // Each header cell's lines sit on boxes of the header's own light blue: they draw nothing, but
    // their edges cut the cells, and the second table came out as loose paragraphs.
    const found = tables(await read('twotables_1.pdf'));
    expect(found).toHaveLength(2);
    const second = found[1]?.data?.table;
    expect(second?.columns).toEqual([
      'Sl. No',
      'Name of State/UT',
      'Name of District',
      'Disease/ Illness',
      'Cases',
      'Deaths',
      'Date of start of outbreak',
      'Current Status',
      'Comments/ Action taken',
    ]);
    expect(second?.rows.map((row) => row.slice(2, 6))).toEqual([
      ['Madhubani', 'xxi. Acute Diarrhoeal Disease', '69', '0'],
      ['Madhubani', 'xxii. Acute Diarrhoeal Disease', '30', '1'],
      ['Katihar', 'xxiii. Acute Diarrhoeal Disease', '13', '3'],
    ]);
    expect(second?.cells?.find((cell) => cell.text === 'Bihar')?.rowSpan).toBe(3);
  });

  it('reads a ruled table whose lines of text sit on boxes of their own as one cell each (copy_text, mode 1)', async () => {
    // Every line of text there is painted on a filled box inside its cell: the boxes' edges split
    // the cells into pieces, and the table was read as loose paragraphs, one column after another.
    const nodes = await read('copy_text.pdf');
    const found = tables(nodes);
    expect(found).toHaveLength(1);
    const data = found[0]?.data?.table;
    expect(data?.columns).toEqual([
      'Sl. No.',
      'Name of State/UT',
      'Name of District',
      'Disease/ Illness',
      'No. of Cases',
      'No. of Deaths',
      'Date of start of outbreak',
      'Date of reporting',
      'Current Status',
      'Comments/ Action taken',
    ]);
    expect(data?.rows).toHaveLength(6);
    expect(data?.rows[1]?.slice(0, 9)).toEqual([
      '2',
      'Maharashtra',
      'Beed',
      'ii. Dengue & Chikungun ya',
      '11',
      '0',
      '03/01/14',
      '04/01/14',
      'Under control',
    ]);
    expect(String(data?.rows[1]?.[9])).toMatch(/^Cases of fever reported .* IEC done\.$/);
    const spanning = data?.cells?.find((cell) => cell.text === 'West Bengal');
    expect(spanning).toMatchObject({ rowSpan: 3, colSpan: 1 });
    expect(nodes.some((node) => node.type === 'heading' && toString(node) === 'Kerala')).toBe(false);
  });

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

/** A table's grid as read: its header row(s), then its body rows. */
const gridOf = (table: Table | Html | undefined): string[][] => {
  const data = table?.data?.table;
  if (data === undefined) return [];
  return [data.columns, ...data.rows.map((row) => row.map((cell) => String(cell ?? '')))];
};

describe.runIf(existsSync(corpus))('borderless tables read from the alignment of their text', () => {
  it('keeps a table of figures set with open rows whole across its section labels (edge_tol, mode 4)', async () => {
    // Its rows stand 22 pt apart and a section label 33 pt below the last row: more than three
    // lines of 9 pt text, so the table was cut into four at "Class B", "Total for the Fund"...
    const nodes = await read('edge_tol.pdf');
    const found = tables(nodes);
    expect(found).toHaveLength(1);
    const grid = gridOf(found[0]);
    const labels = grid.map((row) => row[0]);
    expect(labels).toContain('Class B');
    expect(labels).toContain('Investment result per unit2');
    expect(grid.at(-1)).toEqual(['Total investment result per unit', '3.78']);
    expect(nodes.some((node) => node.type === 'heading' && toString(node) === 'Class B')).toBe(false);
  });

  it('finds a small table of figures in one column of a two-column page, its header of two lines whole (table_areas, modes 2, 3, 6)', async () => {
    // Page 1: each row shares its baseline with a line of the other column's prose, so the rows
    // were read across both columns (prose, label, value) and no table was found: one paragraph per cell.
    const found = tables(await read('table_areas.pdf'));
    expect(found).toHaveLength(2);
    const [first, second] = found.map(gridOf);
    expect(first?.[0]).toEqual(['Payroll Period', 'One Withholding Allowance']);
    expect(first?.[1]).toEqual(['Weekly', '$ 71.15']);
    expect(first?.at(-1)).toEqual(['Daily or Miscellaneous (each day of the payroll period)', '14.23']);
    expect(first).toHaveLength(9);
    // Page 2: "$ 40.40" is a value, so "Weekly" is a body row and not a second line of the header.
    expect(second?.slice(0, 2)).toEqual([
      ['Payroll Period', 'Add Additional'],
      ['Weekly', '$ 40.40'],
    ]);
    expect(second?.at(-1)).toEqual(['Daily or Miscellaneous (each day of the payroll period)', '8.10']);
  });

  it('reads a borderless numeric table as rows of cells, not a paragraph per column (district_health)', async () => {
    const nodes = await read('stream__district_health__district_health.pdf');
    const found = tables(nodes);
    expect(found).toHaveLength(1);
    const grid = gridOf(found[0]);
    const row = grid.find((cells) => cells[0]?.startsWith('Children age 6-9 months') === true);
    expect(row?.slice(1)).toEqual(['78.6', '75.0', '85.9', '89.3']);
    expect(nodes.some((node) => node.type === 'paragraph' && toString(node).startsWith('76.9'))).toBe(false);
  });

  it('keeps rows with text only in the first column as section rows of the same table (district_health)', async () => {
    const [table, ...others] = tables(await read('stream__district_health__district_health.pdf'));
    expect(others).toHaveLength(0);
    const grid = gridOf(table);
    for (const section of ['Birth Weight (%) (age below 36 months)', 'Awareness about ARI (%)']) {
      expect(grid).toContainEqual([section, '', '', '', '']);
    }
    // The raised footnote mark stays with its label, not a row of its own.
    expect(
      grid.some((cells) => cells[0]?.startsWith('Women aware about danger signs of ARI10') === true),
    ).toBe(true);
  });

  it('joins header cells of several lines into one header row (superscript)', async () => {
    const [table] = tables(await read('stream__superscript__superscript.pdf'));
    expect(table?.type).toBe('table');
    expect(table?.data?.table?.columns).toEqual([
      'States',
      'Total Internal Debt',
      'Market Loans',
      'NSSF',
      'WMA from RBI',
      'Loans from Banks & FIs',
      'Loans from LIC',
      'Loans from GIC',
      'Loans from NABARD',
      'Loans from SBI & Other Banks',
      'Loans from NCDC',
    ]);
    expect(gridOf(table)).toContainEqual([
      'Bihar',
      '40.75',
      '41.54',
      '-',
      '-',
      '-1.42',
      '0.19',
      '-',
      '-1.01',
      '-0.36',
      '0.2',
    ]);
  });

  it('cuts text that runs over two cells at the column gap, and joins a label of two lines (district_health, 12s0324)', async () => {
    const [health] = tables(await read('stream__district_health__district_health.pdf'));
    expect(gridOf(health)).toContainEqual(['Indicators', 'TOTAL', 'RURAL', 'TOTAL', 'RURAL']);
    const [arrests] = tables(await read('stream__12s0324__12s0324.pdf'));
    const grid = gridOf(arrests);
    const total = grid.find((cells) => cells[0]?.startsWith('Total .') === true);
    expect(total?.slice(1, 3)).toEqual(['11,062.6', '1,540.0']);
    const murder = grid.find(
      (cells) => cells[0]?.startsWith('Murder and nonnegligent manslaughter') === true,
    );
    expect(murder?.slice(1, 4)).toEqual(['10.0', '0.9', '9.1']);
  });

  it('finds a column between numbers set closer than a column gap, in most rows (health)', async () => {
    const [table, ...others] = tables(await read('health.pdf'));
    expect(others).toHaveLength(0);
    const grid = gridOf(table);
    expect(grid).toContainEqual([
      'Andhra Pradesh',
      '47,824,589',
      '9,967,837',
      '1,275,000',
      '15,000',
      '59,082,426',
      '14,898,243',
      '73,980,669',
    ]);
    // Header cells of three lines, each line a row of its own on the page, are one cell.
    expect(grid[1]?.slice(1, 3)).toEqual(['Medical & Public Health', 'Family Welfare']);
  });

  it('makes no table of two-column prose beside a figure, and keeps prose interleaved with a small table out of it (tracemonkey)', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const path = resolve(repoRoot, '../shared/corpora/pdf/tracemonkey.pdf');
    const document = await source.extract(toSourceFile(path, 'application/pdf'), ctx);
    const [tags, results, ...others] = tables(document.root.children);
    expect(others).toHaveLength(0);
    expect(gridOf(tags)).toContainEqual(['000', 'object', 'pointer to JSObject handle']);
    expect(gridOf(tags).flat().join(' ')).not.toContain('optimizations');
    expect(gridOf(results).some((cells) => cells[0] === '3d-cube')).toBe(true);
  });
});

describe.runIf(existsSync(corpus))('term and definition tables', () => {
  it('keeps each term in its row before its definition (table_region)', async () => {
    const [table] = tables(await read('table_region.pdf'));
    const grid = gridOf(table);
    expect(grid[0]?.[0]).toBe('FINALITÀ');
    expect(grid[0]?.[1]).toMatch(/^Vittoria In Azione Italia PIR è un contratto/);
    expect(grid).toContainEqual(['OPZIONI CONTRATTUALI', 'Non previste.']);
    expect(grid.find((row) => row[0] === 'DURATA')?.[1]).toMatch(/^Il presente contratto è a vita intera/);
  });
});

describe.runIf(existsSync(corpus))('tables across pages', () => {
  it('merges a table that goes on at the top of the next page, drops its repeated header and says so (hybrid_multipage)', async () => {
    const { ctx, warnings } = createTestContext(source.manifest.limits);
    const document = await source.extract(
      toSourceFile(join(corpus, 'hybrid_multipage.pdf'), 'application/pdf'),
      ctx,
    );
    const [table, ...others] = tables(document.root.children);
    expect(others).toHaveLength(0);
    expect(table?.data?.table?.columns).toEqual(['Hello', 'Goodbye', 'World']);
    expect(table?.data?.table?.rows).toHaveLength(8);
    expect(table?.data?.table?.rows.filter((row) => row[0] === 'Hello')).toHaveLength(0);
    expect(warnings.filter((warning) => warning.startsWith('table_continued'))).toEqual([
      'table_continued: A table continued from page 1 onto page 2 was merged into one, its repeated header row dropped.',
    ]);
  });
});
