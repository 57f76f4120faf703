import { describe, expect, it } from 'vitest';
import { scorePage, shingles, summarize, tokenize, unmatchedStretches } from './shingle-score.js';

describe('tokenize', () => {
  it('lower-cases and splits on everything that is not a letter, mark, digit or underscore', () => {
    expect(tokenize("Don't STOP—U.S. $56.5 naïve snake_case")).toEqual([
      'don',
      't',
      'stop',
      'u',
      's',
      '56',
      '5',
      'naïve',
      'snake_case',
    ]);
  });

  it('normalizes compatibility characters (NFKC) before matching', () => {
    expect(tokenize('ﬁne Ｗｉｄｅ')).toEqual(['fine', 'wide']);
  });
});

describe('shingles', () => {
  it('counts every run of four tokens as a multiset', () => {
    expect([...shingles('a b c d a b c d')]).toEqual([
      ['a b c d', 2],
      ['b c d a', 1],
      ['c d a b', 1],
      ['d a b c', 1],
    ]);
  });

  it('makes one shingle of a text shorter than four tokens and none of an empty one', () => {
    expect([...shingles('Hello, world!')]).toEqual([['hello world', 1]]);
    expect(shingles(' … ').size).toBe(0);
  });
});

describe('scorePage', () => {
  it('scores identical texts 1 whatever their punctuation and case', () => {
    const score = scorePage('The cat sat on the mat today.', 'the CAT sat, on the mat — today');
    expect(score).toMatchObject({ precision: 1, recall: 1, f1: 1, falsePositives: 0, falseNegatives: 0 });
  });

  it('scores disjoint texts 0', () => {
    expect(scorePage('one two three four five', 'six seven eight nine ten')).toMatchObject({
      truePositives: 0,
      precision: 0,
      recall: 0,
      f1: 0,
    });
  });

  it('gives the known value of a partial overlap', () => {
    // label shingles: "a b c d", "b c d e"; extracted: "a b c d", "b c d x" → TP 1, FP 1, FN 1.
    expect(scorePage('a b c d e', 'a b c d x')).toEqual({
      truePositives: 1,
      falsePositives: 1,
      falseNegatives: 1,
      precision: 0.5,
      recall: 0.5,
      f1: 0.5,
    });
    // Extraction missing the last word: 2 of the label's 3 shingles, nothing extra.
    const dropped = scorePage('one two three four five six', 'one two three four five');
    expect(dropped.precision).toBe(1);
    expect(dropped.recall).toBeCloseTo(2 / 3, 10);
    expect(dropped.f1).toBeCloseTo(0.8, 10);
  });

  it('counts a repeated shingle only as often as the label has it', () => {
    const score = scorePage('w x y z', 'w x y z. W x y z!');
    expect(score).toMatchObject({ truePositives: 1, falsePositives: 4, falseNegatives: 0 });
  });

  it('scores two empty texts 1 and an empty extraction of a label 0', () => {
    expect(scorePage('', '').f1).toBe(1);
    expect(scorePage('some words here', '')).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('summarize', () => {
  it('averages precision over pages with an extraction and recall over pages with a label', () => {
    const pages = [
      scorePage('a b c d e', 'a b c d x'),
      scorePage('one two three', ''),
      scorePage('p q r s', 'p q r s'),
    ];
    const summary = summarize(pages);
    expect(summary.pages).toBe(3);
    expect(summary.precision).toBeCloseTo((0.5 + 1) / 2, 10);
    expect(summary.recall).toBeCloseTo((0.5 + 0 + 1) / 3, 10);
    const f1 = (2 * summary.precision * summary.recall) / (summary.precision + summary.recall);
    expect(summary.f1).toBeCloseTo(f1, 10);
    expect(summary.meanPageF1).toBeCloseTo((0.5 + 0 + 1) / 3, 10);
  });
});

describe('unmatchedStretches', () => {
  it('shows what a text adds to the reference, longest stretch first', () => {
    const label = 'the article body says one thing and then another thing entirely';
    const extracted = `Share this story on Facebook. ${label} Related: ten more stories`;
    expect(unmatchedStretches(label, extracted, 2)).toEqual([
      'share this story on facebook the article body',
      'another thing entirely related ten more stories',
    ]);
    expect(unmatchedStretches(extracted, label, 2)).toEqual([]);
  });
});
