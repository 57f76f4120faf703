import { describe, expect, it } from 'vitest';
import { toScore } from './counts.js';
import { readStructureLabels } from './labels.js';
import { toStructure } from './markdown-structure.js';
import { countStructure, withShallowestLevelOne } from './structure-score.js';

const labels = readStructureLabels();
const tracemonkey = labels.find((label) => label.name === 'tracemonkey');
const columnSpan = labels.find((label) => label.name === 'column_span_2');

describe('the structure labels', () => {
  it('are read with the table cells of the same PDF from fixtures/pdf-tables', () => {
    expect(tracemonkey?.expected.headings[0]).toEqual({
      level: 1,
      text: 'Trace-based Just-in-Time Type Specialization for Dynamic Languages',
    });
    expect(tracemonkey?.expected.listItems).toHaveLength(20);
    expect(columnSpan?.expected.tables).toHaveLength(1);
    expect(columnSpan?.expected.tables[0]?.[0]?.[0]).toBe('Investigations');
  });
});

describe('countStructure', () => {
  it('scores a label against itself as 1, and lower when a heading is missed or set a level off', () => {
    const expected = tracemonkey?.expected;
    if (expected === undefined) throw new Error('the tracemonkey label is missing');
    expect(toScore(countStructure(expected, expected).all).f1).toBe(1);
    const [title, ...rest] = expected.headings;
    const missed = countStructure({ ...expected, headings: rest }, expected);
    expect(toScore(missed.headings).recall).toBeLessThan(1);
    const shifted = { ...expected, headings: expected.headings.map((h) => ({ ...h, level: h.level + 1 })) };
    const offByOne = countStructure(shifted, expected);
    expect(toScore(offByOne.headings).f1).toBe(0);
    expect(toScore(offByOne.headingTexts).f1).toBe(1);
    expect(title).toBeDefined();
  });

  it('counts table cells of a table found where none is labelled against precision', () => {
    const expected = { headings: [], listItems: [], tables: [] };
    const found = toStructure('| x | y |\n| - | - |\n| 1 | 2 |');
    const counts = countStructure(found, expected);
    expect(counts.cells).toEqual({ matched: 0, predicted: 4, expected: 0 });
    expect(toScore(counts.all).precision).toBe(0);
  });
});

describe('withShallowestLevelOne', () => {
  it('shifts every page of a document by the same amount', () => {
    const [first, second] = withShallowestLevelOne([toStructure('## A'), toStructure('### B')]);
    expect(first?.headings[0]?.level).toBe(1);
    expect(second?.headings[0]?.level).toBe(2);
  });
});
