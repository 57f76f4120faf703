/** A sentence as a span of a larger text: `text === source.slice(start, end)`. */
export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/** Abbreviations (lower-case, without the final dot) after which a dot does not end a sentence. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'no',
  'nr',
  'fig',
  'cf',
  'approx',
  'inc',
  'ltd',
  'jr',
  'sr',
  'z.b',
  'd.h',
  'bzw',
  'usw',
  'ca',
  'vgl',
  'p.ex',
  'ex',
  'sra',
  'sr',
  'núm',
]);

// A run of terminators, optional closing quotes/brackets, then whitespace. The lookbehind makes
// only the start of a run a candidate: without it, a long run with no whitespace after it is
// rescanned from every position (quadratic backtracking on a 2 MB "!!!…").
const BOUNDARY = /(?<![.!?…。！？])[.!?…。！？]+["'”’»)\]]*(?=\s)/gu;

/**
 * Splits `text` (a paragraph) into sentences whose text is an exact slice of it, shifted by
 * `offset` so spans refer to the enclosing document. Deterministic and linear; it prefers
 * leaving two sentences together over cutting one in half (abbreviations, initials, decimals).
 */
export function splitSentences(text: string, offset = 0): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = skipSpace(text, 0);
  BOUNDARY.lastIndex = 0;
  for (let match = BOUNDARY.exec(text); match !== null; match = BOUNDARY.exec(text)) {
    const end = match.index + match[0].length;
    if (!isSentenceEnd(text, match.index, end)) continue;
    pushSpan(spans, text, start, end, offset);
    start = skipSpace(text, end);
  }
  pushSpan(spans, text, start, text.length, offset);
  return spans;
}

function isSentenceEnd(text: string, dotIndex: number, end: number): boolean {
  const next = text.charAt(skipSpace(text, end));
  if (next === '') return true;
  // The next sentence starts with a capital, a digit, a quote or a bracket; a lower-case start
  // means the dot belonged to an abbreviation or a number.
  if (/\p{Ll}/u.test(next)) return false;
  if (text.charAt(dotIndex) !== '.') return true;
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, dotIndex - 12), dotIndex));
  const word = before?.[1] ?? '';
  if (word.length === 1 && /\p{Lu}/u.test(word)) return false; // an initial: "J. Smith"
  return !ABBREVIATIONS.has(word.toLowerCase());
}

function pushSpan(spans: SentenceSpan[], text: string, start: number, end: number, offset: number): void {
  let last = end;
  while (last > start && /\s/.test(text.charAt(last - 1))) last -= 1;
  if (last <= start) return;
  spans.push({ text: text.slice(start, last), start: offset + start, end: offset + last });
}

function skipSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text.charAt(index))) index += 1;
  return index;
}
