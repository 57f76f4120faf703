import { describe, expect, it } from 'vitest';
import { countMatches, toKey, toScore } from './counts.js';

describe('countMatches', () => {
  it('matches each expected item at most once', () => {
    expect(countMatches(['a', 'a', 'b'], ['a', 'c'])).toEqual({ matched: 1, predicted: 3, expected: 2 });
  });
});

describe('toScore', () => {
  it('gives precision, recall and their harmonic mean', () => {
    const score = toScore({ matched: 2, predicted: 4, expected: 2 });
    expect(score.precision).toBe(0.5);
    expect(score.recall).toBe(1);
    expect(score.f1).toBeCloseTo(2 / 3);
  });

  it('scores nothing found against something expected as 0, and nothing against nothing as 1', () => {
    expect(toScore({ matched: 0, predicted: 0, expected: 3 }).f1).toBe(0);
    expect(toScore({ matched: 0, predicted: 0, expected: 0 }).f1).toBe(1);
  });
});

describe('toKey', () => {
  it('ignores case, spacing, line breaks, markdown escapes and tags', () => {
    expect(toKey('3.1  Trace\nTrees')).toBe(toKey('3.1 trace trees'));
    expect(toKey('a \\| b<br>c')).toBe(toKey('a | b c'));
    expect(toKey('3.1 Traces')).not.toBe(toKey('3.2 Traces'));
  });
});
