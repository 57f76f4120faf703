import { describe, expect, it } from 'vitest';
import { averageWordBagScores, scoreWordBags, wordBag } from './word-bag-score.js';

describe('word-bag score (WCXB)', () => {
  it('reads lowercase words of letters and digits, in any script', () => {
    expect([...wordBag('The cat, the CAT! Straße 42 кот').entries()]).toEqual([
      ['the', 2],
      ['cat', 2],
      ['straße', 1],
      ['42', 1],
      ['кот', 1],
    ]);
  });

  it('scores precision and recall over word counts, not word sets', () => {
    // Truth has 4 words; the output repeats "cat" once too often and misses "sat".
    const score = scoreWordBags('the cat sat down', 'the cat cat down');
    expect(score.precision).toBeCloseTo(3 / 4);
    expect(score.recall).toBeCloseTo(3 / 4);
    expect(score.f1).toBeCloseTo(3 / 4);
  });

  it('gives an empty output 0 and an exact output 1', () => {
    expect(scoreWordBags('some words', '')).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(scoreWordBags('Some words.', 'some WORDS')).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it('averages each score over pages', () => {
    const average = averageWordBagScores([
      { precision: 1, recall: 0.5, f1: 2 / 3 },
      { precision: 0, recall: 0, f1: 0 },
    ]);
    expect(average.precision).toBeCloseTo(0.5);
    expect(average.recall).toBeCloseTo(0.25);
    expect(average.f1).toBeCloseTo(1 / 3);
  });
});
