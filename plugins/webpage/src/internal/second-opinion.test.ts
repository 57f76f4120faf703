import { describe, expect, it } from 'vitest';
import { generatedTexts } from '../../test/generated-texts.js';
import { countPhrase } from './second-opinion.js';

/** The definition countPhrase answers for: the words, anything but letters and digits between. */
function byPattern(text: string, words: readonly string[]): number {
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return [...text.toLowerCase().matchAll(new RegExp(escaped.join('[^\\p{L}\\p{N}]+'), 'gu'))].length;
}

describe('countPhrase', () => {
  it('counts the words following each other whatever separates them, as the pattern does', () => {
    const words = ['the', 'harbour', 'plan'];
    const samples = [
      'The harbour plan. the  harbour\n\tplan — THE HARBOUR—PLAN',
      'theharbour plan, the harbourplan, the harbour plans, bathe harbour plan',
      'the the harbour plan harbour plan the',
      'the, «harbour» plan; the\u00a0harbour\u2003plan',
      '',
      'nothing here',
    ];
    for (const text of samples)
      expect([text, countPhrase(text, words)]).toEqual([text, byPattern(text, words)]);
    expect(countPhrase('Die Straße — straße', ['straße'])).toBe(2);
    expect(countPhrase('anything', [])).toBe(0);
  });

  it('matches the pattern on generated texts', () => {
    const pieces = ['the', 'harbour', 'plan', ' ', ', ', '\n', 'x', 'é', '1', '—', 'The', 'PLAN'];
    for (const text of generatedTexts(pieces, 3000, 20, 11)) {
      for (const words of [['the', 'harbour'], ['harbour', 'plan', 'the'], ['plan']]) {
        expect([text, words, countPhrase(text, words)]).toEqual([text, words, byPattern(text, words)]);
      }
    }
  });
});
