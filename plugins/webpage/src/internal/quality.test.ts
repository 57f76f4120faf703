import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { qualityFacts, scoreQuality } from './quality.js';

const SENTENCE = 'The harbour authority approved the plan after two years of public hearings. ';

function article(paragraphs: number, link = false): Root {
  const text = { type: 'text', value: SENTENCE.repeat(3) } as const;
  return {
    type: 'root',
    children: Array.from({ length: paragraphs }, () => ({
      type: 'paragraph' as const,
      children: [link ? { type: 'link' as const, url: 'https://x.example/', children: [text] } : text],
    })),
  };
}

const wordCharacters = (root: Root) =>
  scoreQuality({ root, mainContentFound: true, pageWordCharacters: 0 }).wordCharacters;

describe('scoreQuality', () => {
  it('scores an article of a few paragraphs that is a fair share of its page 1', () => {
    const root = article(4);
    const report = scoreQuality({
      root,
      mainContentFound: true,
      pageWordCharacters: wordCharacters(root) * 3,
    });
    expect(report).toMatchObject({ score: 1, linkDensity: 0, extractedShare: 0.333 });
  });

  it('scores an article that is a sliver of a page full of text lower', () => {
    const root = article(4);
    const sliver = scoreQuality({
      root,
      mainContentFound: true,
      pageWordCharacters: wordCharacters(root) * 100,
    });
    expect(sliver.extractedShare).toBe(0.01);
    expect(sliver.score).toBeCloseTo(0.6, 3);
  });

  it('scores the whole-body fallback, short texts and link lists lower, and no text 0', () => {
    const fallback = scoreQuality({ root: article(4), mainContentFound: false, pageWordCharacters: 0 });
    expect(fallback.score).toBe(0.7);
    const links = scoreQuality({ root: article(4, true), mainContentFound: true, pageWordCharacters: 0 });
    expect(links).toMatchObject({ score: 0.5, linkDensity: 1 });
    const empty = scoreQuality({ root: article(0), mainContentFound: true, pageWordCharacters: 100 });
    expect(empty.score).toBe(0);
  });

  it('gives the document facts of a report', () => {
    const report = scoreQuality({ root: article(4), mainContentFound: true, pageWordCharacters: 0 });
    expect(qualityFacts(report)).toEqual({ quality_score: 1, link_density: 0, extracted_share: 1 });
  });
});
