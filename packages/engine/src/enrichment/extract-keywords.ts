import { isContentWord, WORD } from './internal/words.js';

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
export function extractKeywords(text: string, limit = 10, options: { phrases?: boolean } = {}): Keyword[] {
  const phrases = options.phrases ?? true;
  const pattern = new RegExp(WORD.source, WORD.flags);
  const lower = text.toLowerCase();
  const stats = new Map<string, { count: number; first: number; phrase: boolean }>();
  const add = (term: string, position: number, phrase: boolean): void => {
    const entry = stats.get(term);
    if (entry === undefined) stats.set(term, { count: 1, first: position, phrase });
    else entry.count += 1;
  };
  // One pass without materialising the word list: large documents stay cheap in memory.
  let previous: string | undefined;
  let index = 0;
  for (let match = pattern.exec(lower); match !== null; match = pattern.exec(lower), index += 1) {
    const word = match[0];
    const content = isContentWord(word);
    if (content) add(word, index, false);
    if (phrases && content && previous !== undefined && previous !== word)
      add(`${previous} ${word}`, index - 1, true);
    previous = content ? word : undefined;
  }
  mergePlurals(stats);
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

/** Folds a plural into its singular ("outputs" into "output"), shown as the more frequent form. */
function mergePlurals(stats: Map<string, { count: number; first: number; phrase: boolean }>): void {
  for (const [term, entry] of [...stats.entries()]) {
    if (entry.phrase || !term.endsWith('s') || term.endsWith('ss')) continue;
    const singular = stats.get(term.slice(0, -1));
    if (singular === undefined || singular.phrase) continue;
    const merged = {
      count: singular.count + entry.count,
      first: Math.min(singular.first, entry.first),
      phrase: false,
    };
    const keep = entry.count > singular.count ? term : term.slice(0, -1);
    stats.delete(term);
    stats.delete(term.slice(0, -1));
    stats.set(keep, merged);
  }
}
