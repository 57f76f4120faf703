import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { BOILERPLATE_MARK, markNamedBoilerplate } from './mark-named-boilerplate.js';

/** A blog's news index as Squarespace writes it: each entry's classes name its category, tags and author. */
const NEWS_INDEX = [
  ['inception', 'Inception and McKinsey form a strategic partnership'],
  ['middle-east', 'Altman Solon opens an office in Dubai'],
  ['vienna', 'Cylad expands into Vienna'],
].map(
  ([tag = '', title = '']) =>
    `<article class="entry hentry category-news tag-${tag} author-jennifer-charles post-type-text">` +
    `<h1 class="entry-title"><a href="/news/${tag}">${title}</a></h1><p>November 12, 2025</p>` +
    `<p>The firm announced the move on Monday, citing demand from clients in the region.</p></article>`,
);

function markedTexts(html: string): string[] {
  const document = parseWithLinkedom(`<html><body>${html}</body></html>`);
  markNamedBoilerplate(document);
  return Array.from(document.querySelectorAll(BOILERPLATE_MARK)).map((mark) => mark.textContent ?? '');
}

describe('markNamedBoilerplate', () => {
  it("leaves a blog index's entries whose classes name their tags and author, and marks an author's box", () => {
    const marked = markedTexts(
      `<main>${NEWS_INDEX.join('')}</main><div class="author-bio">Jennifer Charles writes about consulting.</div>`,
    );
    expect(marked.some((text) => text.includes('Cylad expands into Vienna'))).toBe(false);
    expect(marked.some((text) => text.includes('Jennifer Charles writes about consulting'))).toBe(true);
  });
});
