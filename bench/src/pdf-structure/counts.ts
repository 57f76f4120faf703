import { normalizeCell } from '../pdf-tables/cell-adjacency.js';

/** Matches counted between a predicted and an expected bag of items, summable over files. */
export interface Counts {
  /** Items of the prediction also in the expectation (a multiset intersection). */
  matched: number;
  predicted: number;
  expected: number;
}

/** Precision, recall and F1 of some counts. */
export interface Score {
  precision: number;
  recall: number;
  f1: number;
}

/** No items on either side. */
export const NO_COUNTS: Counts = { matched: 0, predicted: 0, expected: 0 };

/** How many items of `predicted` are in `expected`, each expected item matched at most once. */
export function countMatches(predicted: readonly string[], expected: readonly string[]): Counts {
  const left = new Map<string, number>();
  for (const item of expected) left.set(item, (left.get(item) ?? 0) + 1);
  let matched = 0;
  for (const item of predicted) {
    const remaining = left.get(item) ?? 0;
    if (remaining > 0) {
      matched += 1;
      left.set(item, remaining - 1);
    }
  }
  return { matched, predicted: predicted.length, expected: expected.length };
}

/** The sum of some counts (micro-averaging over files). */
export function addCounts(a: Counts, b: Counts): Counts {
  return {
    matched: a.matched + b.matched,
    predicted: a.predicted + b.predicted,
    expected: a.expected + b.expected,
  };
}

/** Precision, recall and F1; an empty side scores 1 when the other is empty too, else 0. */
export function toScore(counts: Counts): Score {
  const { matched, predicted, expected } = counts;
  const precision = predicted === 0 ? (expected === 0 ? 1 : 0) : matched / predicted;
  const recall = expected === 0 ? (predicted === 0 ? 1 : 0) : matched / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/**
 * Text as compared: as table cells are (`normalizeCell`: NFKC, lowercased, no whitespace or dot
 * leaders), with HTML tags and markdown escapes removed too.
 */
export function toKey(text: string): string {
  return normalizeCell(text.replace(/<[^>]+>/g, ' ').replace(/\\(.)/g, '$1'));
}
