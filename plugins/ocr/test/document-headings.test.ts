import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Heading, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { readPdfNodes, repoRoot } from './helpers.js';

const tables = resolve(repoRoot, '../shared/corpora/tables');
const ruleBook = join(tables, 'diesel_engines.pdf');
const notice = join(tables, 'table_areas.pdf');
const source = createOcrSource({ ocr: false, pageTimeoutMs: 30_000 });
afterAll(async () => {
  await source.close?.();
});

const read = (path: string): Promise<RootContent[]> => readPdfNodes(source, path);

/** Each heading's text with its depth. */
function headings(nodes: RootContent[]): Map<string, number> {
  const found = nodes.filter((node): node is Heading => node.type === 'heading');
  return new Map(found.map((node) => [toString(node), node.depth]));
}

describe.runIf(existsSync(ruleBook))('headings of a real two-column rule book (diesel_engines.pdf)', () => {
  it('reads a section number set apart from its title by a tab as a heading one level under its parent, not as a table', async () => {
    const nodes = await read(ruleBook);
    const found = headings(nodes);
    const top = found.get('2 Design and construction') ?? 0;
    expect(top).toBeGreaterThan(0);
    // Page 6: "2.1", "2.1.1" and "2.3.3" stand a tab apart from their titles beside the other column's prose.
    expect(found.get('2.1 Materials and welding')).toBe(top + 1);
    expect(found.get('2.1.1 Crankshaft materials')).toBe(top + 2);
    expect(found.get('2.3.3 Warning notice')).toBe(top + 2);
    expect(nodes.filter((node) => node.type === 'table').map((node) => toString(node))).not.toContainEqual(
      expect.stringContaining('Materials and welding'),
    );
  });

  it('keeps a numbered title wrapped under itself as one heading, the item after it an item', async () => {
    const nodes = await read(ruleBook);
    const found = headings(nodes);
    expect(found.get('4 Type tests, material tests, workshop inspection and testing, certification')).toBe(
      found.get('2 Design and construction'),
    );
    expect(
      found.has('3.1.3 Special requirements for starting arrangements for emergency generating sets'),
    ).toBe(true);
    // Two pieces of the title spaced apart on one baseline are one heading.
    expect([...found.keys()][0]).toBe('SECTION 2 DIESEL ENGINES');
    const items = nodes.filter((node) => node.type === 'list').map((node) => toString(node));
    expect(items.some((item) => item.startsWith('Emergency generating sets are to be capable'))).toBe(true);
  });
});

describe.runIf(existsSync(notice))('headings of a real two-column notice (table_areas.pdf)', () => {
  it('keeps a larger bold title apart from the run-in bold lead of the paragraph under it', async () => {
    const nodes = await read(notice);
    const found = headings(nodes);
    expect(found.get('What’s New')).toBe(found.get('Withholding Adjustment for Nonresident Aliens'));
    expect(found.get('What’s New')).toBeGreaterThan(
      found.get('Early Release Copies of the 2011 Percentage Method Tables for Income Tax Withholding') ?? 6,
    );
    const paragraphs = nodes.filter((node) => node.type === 'paragraph').map((node) => toString(node));
    expect(paragraphs.some((text) => text.startsWith('2011 withholding tables. This notice'))).toBe(true);
  });

  it('keeps the masthead over the title (form number, issuer) as text, not headings, the title first', async () => {
    const nodes = await read(notice);
    const first = nodes.find((node): node is Heading => node.type === 'heading');
    expect(first === undefined ? '' : toString(first)).toBe(
      'Early Release Copies of the 2011 Percentage Method Tables for Income Tax Withholding',
    );
    const found = headings(nodes);
    expect(found.has('Notice 1036')).toBe(false);
    expect(found.has('Department of the Treasury Internal Revenue Service')).toBe(false);
    const paragraphs = nodes.filter((node) => node.type === 'paragraph').map((node) => toString(node));
    expect(paragraphs).toContain('Notice 1036');
    expect(paragraphs).toContain('Department of the Treasury Internal Revenue Service');
  });
});

describe.runIf(existsSync(tables))('titles of real pages of tables', () => {
  it('takes the title over a page that is one ruled table for a heading (medicine.pdf)', async () => {
    const nodes = await read(join(tables, 'medicine.pdf'));
    expect([...headings(nodes).keys()]).toEqual(['List of Medicines approved by Purchase Committee']);
  });

  it('reads a caption line set in pieces over its table as one caption, no piece of it a heading (health.pdf)', async () => {
    const nodes = await read(join(tables, 'health.pdf'));
    expect([...headings(nodes).keys()]).toEqual([]);
    // The caption comes first, before its table (written as HTML for its spans).
    expect(toString(nodes[0] ?? { type: 'text', value: '' })).toBe(
      'Table: 5 Public Health Outlay 2012-13 (Budget Estimates) (Rs. in 000)',
    );
    expect(nodes[1]?.type).toBe('html');
  });

  it('puts sections numbered deeper than the shallowest number present one level under it (column_span_2.pdf)', async () => {
    const found = headings(await read(join(tables, 'column_span_2.pdf')));
    const top = found.get('3.5. Investigations') ?? 0;
    expect(found.get('3.5.1. Socio-economic and demographic particulars of households')).toBe(top + 1);
    expect(found.get('3.4.3. Estimation of fasting blood glucose')).toBe(top + 1);
  });

  it('takes neither the running head over the title nor a line up the margin for a heading (assam.pdf)', async () => {
    const nodes = await read(join(tables, 'assam.pdf'));
    expect([...headings(nodes).keys()]).toEqual(['SCHOOLING STATUS']);
    const paragraphs = nodes.filter((node) => node.type === 'paragraph').map((node) => toString(node));
    expect(paragraphs).toEqual(expect.arrayContaining(['ASSAM', 'Annual Health Survey 2010-11']));
  });
});

const electionResults = join(tables, 'vertical_header.pdf');

describe.runIf(existsSync(electionResults))(
  'running heads and page counters of a real five-page result sheet (vertical_header.pdf)',
  () => {
    it('keeps the title repeated over four pages as a heading once, and no page counter ("1 of 5") as a heading', async () => {
      const nodes = await read(electionResults);
      const texts = nodes.filter((node) => node.type === 'heading').map((node) => toString(node));
      expect(texts.filter((text) => text === 'PRIMARY ELECTION, AUGUST 7, 2018')).toHaveLength(1);
      expect(texts[0]).toBe('PRIMARY ELECTION, AUGUST 7, 2018');
      expect(texts.filter((text) => / of 5$/.test(text))).toEqual([]);
      expect(texts).toEqual(
        expect.arrayContaining(['REPUBLICIAN PARTY', 'DEMOCRATIC PARTY', 'COUNTY PROPOSALS']),
      );
      // Page 4: the town names down the left of a table read apart from its values are row labels.
      expect(texts).not.toContain('Alcona');
      expect(texts).not.toContain('City Harrisville');
      // Pages 2-4: "Totals" before a row of sums is the row's label.
      expect(texts).not.toContain('Totals');
    });
  },
);
