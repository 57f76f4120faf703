/**
 * The article-extraction benchmarks' standard metric: precision, recall and F1 over 4-gram word
 * shingles of an extracted text against a hand-labelled article body (the metric of
 * scrapinghub/article-extraction-benchmark, with lower-cased tokens). The tokenization is stated in
 * `fixtures/webpage-eval/RULE.md`; keep the two in step.
 */

/** Shingle length in tokens. */
export const SHINGLE_SIZE = 4;

/** Matched, extra and missing shingles of one page, and the scores they give. */
export interface PageScore {
  /** Shingles in both texts (multiset intersection). */
  truePositives: number;
  /** Shingles only the extracted text has (what the extractor added). */
  falsePositives: number;
  /** Shingles only the label has (what the extractor dropped). */
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Scores averaged over pages. */
export interface ScoreSummary {
  pages: number;
  /** Mean of the per-page precisions. */
  precision: number;
  /** Mean of the per-page recalls. */
  recall: number;
  /** Harmonic mean of the averaged precision and recall (how the benchmark reports F1). */
  f1: number;
  /** Mean of the per-page F1 scores. */
  meanPageF1: number;
}

const TOKEN = /[\p{L}\p{M}\p{N}_]+/gu;

/**
 * Tokens of a text: NFKC-normalized, lower-cased, then every maximal run of letters, combining
 * marks, digits and underscores (the `\w+` of the benchmark, Unicode-aware); everything else
 * (spaces, punctuation, symbols) only separates tokens.
 */
export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(TOKEN) ?? [];
}

/**
 * The multiset of shingles of a text: every run of {@link SHINGLE_SIZE} consecutive tokens, keyed
 * by the tokens joined with a space. A text with fewer tokens is one shingle of all its tokens; a
 * text without tokens has none.
 */
export function shingles(text: string): Map<string, number> {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  const last = Math.max(1, tokens.length - SHINGLE_SIZE + 1);
  for (let start = 0; start < last && start < tokens.length; start += 1) {
    const key = tokens.slice(start, start + SHINGLE_SIZE).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Scores an extracted text against its label. Two empty texts agree perfectly (1); an empty
 * extraction of a non-empty label, or the reverse, scores 0.
 */
export function scorePage(label: string, extracted: string): PageScore {
  const expected = shingles(label);
  const actual = shingles(extracted);
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const want = expected.get(key) ?? 0;
    const got = actual.get(key) ?? 0;
    truePositives += Math.min(want, got);
    falsePositives += Math.max(0, got - want);
    falseNegatives += Math.max(0, want - got);
  }
  const bothEmpty = falsePositives === 0 && falseNegatives === 0;
  const precision = bothEmpty ? 1 : ratio(truePositives, truePositives + falsePositives);
  const recall = bothEmpty ? 1 : ratio(truePositives, truePositives + falseNegatives);
  return {
    truePositives,
    falsePositives,
    falseNegatives,
    precision,
    recall,
    f1: harmonicMean(precision, recall),
  };
}

/** Averages page scores the way the benchmark does; an empty list gives zeros. */
export function summarize(scores: readonly PageScore[]): ScoreSummary {
  // As the benchmark does: precision over pages with an extraction, recall over pages with a label.
  const extracted = scores.filter((score) => score.truePositives + score.falsePositives > 0);
  const labelled = scores.filter((score) => score.truePositives + score.falseNegatives > 0);
  const precision = mean(extracted.map((score) => score.precision));
  const recall = mean(labelled.map((score) => score.recall));
  return {
    pages: scores.length,
    precision,
    recall,
    f1: harmonicMean(precision, recall),
    meanPageF1: mean(scores.map((score) => score.f1)),
  };
}

/**
 * Up to `limit` stretches of `text` that `reference` does not have, longest first, each at most
 * `maxTokens` tokens: what an extractor added (`unmatchedStretches(label, extracted, …)`) or dropped
 * (`unmatchedStretches(extracted, label, …)`). A stretch is a run of shingles left over once every
 * shingle of `reference` has been matched once, shown as its lower-cased tokens.
 */
export function unmatchedStretches(reference: string, text: string, limit: number, maxTokens = 24): string[] {
  const available = shingles(reference);
  const tokens = tokenize(text);
  const stretches: { start: number; end: number }[] = [];
  const shingleCount = Math.max(1, tokens.length - SHINGLE_SIZE + 1);
  for (let start = 0; start < shingleCount && start < tokens.length; start += 1) {
    const key = tokens.slice(start, start + SHINGLE_SIZE).join(' ');
    const left = available.get(key) ?? 0;
    if (left > 0) {
      available.set(key, left - 1);
      continue;
    }
    const end = Math.min(tokens.length, start + SHINGLE_SIZE);
    const previous = stretches.at(-1);
    if (previous && previous.end >= start) previous.end = end;
    else stretches.push({ start, end });
  }
  return stretches
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, limit)
    .map(({ start, end }) => {
      const words = tokens.slice(start, Math.min(end, start + maxTokens)).join(' ');
      return end - start > maxTokens ? `${words} …` : words;
    });
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function harmonicMean(a: number, b: number): number {
  return a + b === 0 ? 0 : (2 * a * b) / (a + b);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
