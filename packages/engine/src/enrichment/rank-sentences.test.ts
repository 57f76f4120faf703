import { describe, expect, it } from 'vitest';
import { toWords, isContentWord } from './internal/words.js';
import { rankSentences } from './rank-sentences.js';

function sentences(texts: string[]) {
  return texts.map((text, index) => ({ index, text, words: toWords(text).filter(isContentWord) }));
}

describe('rankSentences', () => {
  it('ranks the sentence that shares the most with the others first', () => {
    const input = sentences([
      'Solar panels convert sunlight into electricity for homes.',
      'Electricity from solar panels powers homes and offices every day.',
      'My cat enjoys sleeping on warm windowsills after lunch.',
      'Homes with solar panels sell electricity back to the grid.',
    ]);
    const ranked = rankSentences(input);
    expect(ranked[0]?.index).not.toBe(2);
    expect(ranked.at(-1)?.index).toBe(2);
  });

  it('is deterministic and breaks ties by position', () => {
    const input = sentences([
      'Alpha beta gamma delta here.',
      'Alpha beta gamma delta here.',
      'Alpha beta gamma delta here.',
    ]);
    expect(rankSentences(input).map((entry) => entry.index)).toEqual([0, 1, 2]);
    expect(rankSentences(input)).toEqual(rankSentences(input));
  });

  it('skips fragments and caps the candidates it graphs', () => {
    const many = sentences(
      Array.from(
        { length: 500 },
        (_, i) => `Sentence number ${i} mentions topic${i % 7} and shared words together.`,
      ),
    );
    expect(rankSentences(many, { maxCandidates: 50 })).toHaveLength(50);
    expect(rankSentences(sentences(['Too short.', 'Tiny']))).toEqual([]);
  });
});
