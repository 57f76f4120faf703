/**
 * The WCXB benchmark's page score (`../shared/corpora/web-kinds/README.md`): precision, recall and
 * F1 over lowercase word bags of the extracted text against the page's `main_content`, averaged
 * over pages (each page's F1 is averaged, not recomputed from averaged precision and recall).
 */

/** One page's word-bag scores. */
export interface WordBagScore {
  precision: number;
  recall: number;
  f1: number;
}

/** Lowercase words: runs of letters, marks and digits (Unicode), as `\w+` reads them. */
export function wordBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{M}\p{N}_]+/gu) ?? []) {
    bag.set(word, (bag.get(word) ?? 0) + 1);
  }
  return bag;
}

function size(bag: Map<string, number>): number {
  let total = 0;
  for (const count of bag.values()) total += count;
  return total;
}

/**
 * Scores one page. Both empty: 1 (nothing to find, nothing found); one empty: 0.
 */
export function scoreWordBags(truth: string, extracted: string): WordBagScore {
  const expected = wordBag(truth);
  const found = wordBag(extracted);
  const expectedSize = size(expected);
  const foundSize = size(found);
  if (expectedSize === 0 && foundSize === 0) return { precision: 1, recall: 1, f1: 1 };
  if (expectedSize === 0 || foundSize === 0) return { precision: 0, recall: 0, f1: 0 };
  let overlap = 0;
  for (const [word, count] of found) overlap += Math.min(count, expected.get(word) ?? 0);
  const precision = overlap / foundSize;
  const recall = overlap / expectedSize;
  const f1 = overlap === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** The mean of each score over pages (0 for no pages). */
export function averageWordBagScores(scores: readonly WordBagScore[]): WordBagScore {
  const mean = (pick: (score: WordBagScore) => number) =>
    scores.length === 0 ? 0 : scores.reduce((sum, score) => sum + pick(score), 0) / scores.length;
  return {
    precision: mean((score) => score.precision),
    recall: mean((score) => score.recall),
    f1: mean((score) => score.f1),
  };
}
