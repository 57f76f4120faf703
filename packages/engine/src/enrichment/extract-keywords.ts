import { isContentWord, toWords } from './internal/words.js';

/** A keyword or two-word key phrase with its weight. */
export interface Keyword {
  term: string;
  count: number;
  score: number;
}

/**
 * The most characteristic terms of a text: content words and recurring two-word phrases ranked
 * by frequency (phrases weigh more, words covered by a chosen phrase are skipped). Linear in the
 * text; deterministic (ties go to the term seen first).
 */
export function extractKeywords(text: string, limit = 10): Keyword[] {
  const words = toWords(text);
  const stats = new Map<string, { count: number; first: number; phrase: boolean }>();
  const add = (term: string, position: number, phrase: boolean): void => {
    const entry = stats.get(term);
    if (entry === undefined) stats.set(term, { count: 1, first: position, phrase });
    else entry.count += 1;
  };
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    if (!isContentWord(word)) continue;
    add(word, index, false);
    const next = words[index + 1];
    if (next !== undefined && isContentWord(next) && next !== word) add(`${word} ${next}`, index, true);
  }
  const ranked = [...stats.entries()]
    .filter(([, entry]) => !entry.phrase || entry.count >= 2)
    .map(([term, entry]) => ({
      term,
      count: entry.count,
      first: entry.first,
      score: entry.count * (entry.phrase ? 1.6 : 1),
    }))
    .sort((a, b) => b.score - a.score || a.first - b.first);
  const chosen: Keyword[] = [];
  const covered = new Set<string>();
  for (const entry of ranked) {
    if (chosen.length >= limit) break;
    const parts = entry.term.split(' ');
    if (parts.length === 1 && covered.has(entry.term)) continue;
    if (parts.length > 1 && parts.every((part) => covered.has(part))) continue;
    chosen.push({ term: entry.term, count: entry.count, score: Math.round(entry.score * 100) / 100 });
    for (const part of parts) covered.add(part);
  }
  return chosen;
}
