/** What {@link rankSentences} needs of a sentence. */
export interface RankableSentence {
  index: number;
  /** Content words of the sentence. */
  words: string[];
  text: string;
}

/** Options of {@link rankSentences}. */
export interface RankSentencesOptions {
  /** At most this many sentences enter the O(n²) TextRank graph; the rest are pre-filtered cheaply. */
  maxCandidates?: number;
  /** Document-wide word frequencies for the pre-filter (computed from the sentences when absent). */
  frequencies?: Map<string, number>;
}

/** A sentence index with its score; higher is more central. */
export interface RankedSentence {
  index: number;
  score: number;
}

const DAMPING = 0.85;
const ITERATIONS = 40;

/**
 * Ranks sentences with TextRank (Mihalcea and Tarau 2004): a graph whose edges weigh the word
 * overlap of two sentences, normalised by their lengths, scored with PageRank. Large inputs are
 * first cut to `maxCandidates` by a linear score (frequent content words, early position), so the
 * quadratic graph stays small. Deterministic: ties go to the earlier sentence.
 */
export function rankSentences(
  sentences: RankableSentence[],
  options: RankSentencesOptions = {},
): RankedSentence[] {
  const eligible = sentences.filter(isRankable);
  if (eligible.length === 0) return [];
  const frequencies = options.frequencies ?? wordFrequencies(eligible);
  const candidates = preselect(eligible, frequencies, options.maxCandidates ?? 150);
  const scores = textRank(candidates.map((sentence) => new Set(sentence.words)));
  return candidates
    .map((sentence, position) => ({ index: sentence.index, score: round(scores[position] ?? 0) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** Counts content words over sentences. */
export function wordFrequencies(sentences: { words: string[] }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of sentence.words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

function isRankable(sentence: RankableSentence): boolean {
  const length = sentence.text.length;
  return length >= 20 && length <= 1000 && sentence.words.length >= 3;
}

function preselect<T extends RankableSentence>(
  sentences: T[],
  frequencies: Map<string, number>,
  max: number,
): T[] {
  if (sentences.length <= max) return sentences;
  const scored = sentences.map((sentence, position) => {
    const distinct = new Set(sentence.words);
    let sum = 0;
    for (const word of distinct) sum += Math.log1p(frequencies.get(word) ?? 0);
    const positionBonus = 1 + 1 / (1 + position / 10);
    return { sentence, score: (sum / Math.sqrt(distinct.size + 1)) * positionBonus };
  });
  scored.sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index);
  return scored
    .slice(0, max)
    .map((entry) => entry.sentence)
    .sort((a, b) => a.index - b.index);
}

function textRank(wordSets: Set<string>[]): number[] {
  const n = wordSets.length;
  const weights: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const outSums = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const weight = similarity(wordSets[i] ?? new Set(), wordSets[j] ?? new Set());
      if (weight === 0) continue;
      (weights[i] as number[])[j] = weight;
      (weights[j] as number[])[i] = weight;
      outSums[i] = (outSums[i] ?? 0) + weight;
      outSums[j] = (outSums[j] ?? 0) + weight;
    }
  }
  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    for (let i = 0; i < n; i += 1) {
      const out = outSums[i] ?? 0;
      const row = weights[i] ?? [];
      const share = out === 0 ? 0 : (scores[i] ?? 0) / out;
      for (let j = 0; j < n; j += 1) {
        const weight = row[j] ?? 0;
        if (weight !== 0) next[j] = (next[j] ?? 0) + DAMPING * weight * share;
      }
    }
    scores = next;
  }
  return scores;
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size < 2 || b.size < 2) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const word of small) if (large.has(word)) shared += 1;
  return shared === 0 ? 0 : shared / (Math.log(a.size) + Math.log(b.size));
}

/** Rounds so that scores (and thus orderings) do not depend on floating-point noise. */
function round(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}
