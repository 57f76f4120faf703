const COMMON = (
  'the of and to in is that for it as was with be by on not this are or from at which but have an ' +
  'they were their has would when if no will more report market quarter revenue customer product'
).split(' ');
const SYLLABLES = 'ka lo mi ne ra su te vo pa li ga de ro mu sa fi ba no ze tu'.split(' ');

/**
 * Varied filler text for generated documents: a seeded generator (the same text every run) of
 * sentences mixing common words with made-up words of two to four syllables (about 170 000 of
 * them), so a package compresses like prose rather than like one repeated line.
 */
export function createSentences(seed: number): (words: number) => string {
  let state = seed >>> 0;
  const next = (): number => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state >>> 8;
  };
  const word = (): string => {
    if (next() % 2 === 0) return COMMON[next() % COMMON.length] ?? 'the';
    const syllables = 2 + (next() % 3);
    return Array.from({ length: syllables }, () => SYLLABLES[next() % SYLLABLES.length]).join('');
  };
  return (count) => {
    const words = Array.from({ length: count }, word);
    const first = words[0] ?? 'the';
    words[0] = first.charAt(0).toUpperCase() + first.slice(1);
    return `${words.join(' ')}.`;
  };
}
