import { describe, expect, it } from 'vitest';
import { readsFragment } from './article-fragment.js';

const fifth = { articleCharacters: 1_000, regionCharacters: 5_000 };

describe('readsFragment', () => {
  it("takes an article holding a fifth of the region's text for one section of the page", () => {
    expect(readsFragment({ ...fifth, declaredKind: undefined, hasByline: false })).toBe(true);
  });

  it("takes an article holding two fifths of the region's text outside links for one section", () => {
    // A phone maker's page: Readability read its longest section, 39 % of the region once the
    // page's header, navigation and footer were removed, and few of the region's words are links.
    const twoFifths = { articleCharacters: 2_000, regionCharacters: 5_000, linkCharacters: 200 };
    expect(readsFragment({ ...twoFifths, declaredKind: undefined, hasByline: false })).toBe(true);
  });

  it("keeps a blog post beside its sidebar's lists of pages and archives (links)", () => {
    // 40 % of the region, 72 % of its text outside links.
    const post = { articleCharacters: 3_800, regionCharacters: 9_500, linkCharacters: 4_300 };
    expect(readsFragment({ ...post, declaredKind: undefined, hasByline: false })).toBe(false);
  });

  it("keeps an article of two fifths when the region's links were not counted", () => {
    const twoFifths = { articleCharacters: 2_000, regionCharacters: 5_000 };
    expect(readsFragment({ ...twoFifths, declaredKind: undefined, hasByline: false })).toBe(false);
  });

  it('keeps an article that holds over half the region outside links (a story, its teasers)', () => {
    const half = { articleCharacters: 2_600, regionCharacters: 5_000, linkCharacters: 0 };
    expect(readsFragment({ ...half, declaredKind: undefined, hasByline: false })).toBe(false);
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
