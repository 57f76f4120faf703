import { describe, expect, it } from 'vitest';
import { readsFragment } from './article-fragment.js';

const fifth = { articleCharacters: 1_000, regionCharacters: 5_000 };

describe('readsFragment', () => {
  it("takes an article holding a fifth of the region's text for one section of the page", () => {
    expect(readsFragment({ ...fifth, declaredKind: undefined, hasByline: false })).toBe(true);
  });

  it('keeps an article that holds most of the region', () => {
    const most = { articleCharacters: 3_000, regionCharacters: 5_000 };
    expect(readsFragment({ ...most, declaredKind: undefined, hasByline: false })).toBe(false);
  });

  it('keeps the article of a page that says it is one, however small its share', () => {
    expect(readsFragment({ ...fifth, declaredKind: 'article', hasByline: false })).toBe(false);
  });

  it('keeps an article with a byline on a page that says nothing of itself', () => {
    expect(readsFragment({ ...fifth, declaredKind: undefined, hasByline: true })).toBe(false);
  });

  it("reads a thread or listing whole although Readability found its first poster's name", () => {
    expect(readsFragment({ ...fifth, declaredKind: 'other', hasByline: true })).toBe(true);
  });
});
