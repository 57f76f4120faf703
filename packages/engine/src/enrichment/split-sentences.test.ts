import { describe, expect, it } from 'vitest';
import { splitSentences } from './split-sentences.js';

describe('splitSentences', () => {
  it('returns spans that are exact slices of the text, shifted by the offset', () => {
    const text = 'First one here. Second one?  Third!\nFourth line';
    const spans = splitSentences(text, 100);
    expect(spans.map((span) => span.text)).toEqual([
      'First one here.',
      'Second one?',
      'Third!',
      'Fourth line',
    ]);
    for (const span of spans) expect(text.slice(span.start - 100, span.end - 100)).toBe(span.text);
  });

  it('keeps abbreviations, initials, decimals and lower-case continuations together', () => {
    const spans = splitSentences(
      'See e.g. Dr. Smith and J. R. Tolkien. It costs 3.5 euros. version 2. then more. Next.',
    );
    expect(spans.map((span) => span.text)).toEqual([
      'See e.g. Dr. Smith and J. R. Tolkien.',
      'It costs 3.5 euros. version 2. then more.',
      'Next.',
    ]);
  });

  it('splits after closing quotes and handles other scripts', () => {
    expect(
      splitSentences('He said "stop." Then he left. 東京は大きい。 Zürich ist schön.').map((s) => s.text),
    ).toEqual(['He said "stop."', 'Then he left.', '東京は大きい。', 'Zürich ist schön.']);
  });

  it('returns nothing for blank text', () => {
    expect(splitSentences('   \n ')).toEqual([]);
  });
});
