import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string, itemsOnce: boolean): string {
  return toMarkdown(
    toMdast(articleElement(html), { baseUrl: 'https://news.example/', region: true, itemsOnce }),
  );
}

const STORIES = [
  ['Rivers return to the valley after a dry decade', 'Maria Lopez'],
  ['A bridge of glass opens over the old harbour', 'Tom Becker'],
  ['The library that lends tools to its town', 'Ana Silva'],
];

const slug = (title: string) => `/story/${title.toLowerCase().replace(/\W+/g, '-')}`;

/** A blog index: a featured strip of its stories' titles, then the list with their authors and teasers. */
const INDEX =
  '<section class="featured">' +
  STORIES.map(([title = '']) => `<h3><a href="${slug(title)}">${title}</a></h3>`).join('') +
  '</section><section class="stories">' +
  STORIES.map(
    ([title = '', author = '']) =>
      `<article><h3><a href="${slug(title)}">${title}</a></h3><p>By ${author}</p>` +
      `<p>What the town learned when ${title.toLowerCase()}, told by the people there.</p></article>`,
  ).join('') +
  '</section>';

const count = (text: string, part: string) => text.split(part).length - 1;

describe('an item shown again', () => {
  it('is read once, the fullest copy (with its teaser)', () => {
    const markdown = convert(INDEX, true);
    for (const [title = ''] of STORIES) {
      expect(count(markdown, `[${title}]`)).toBe(1);
      expect(markdown).toContain(`when ${title.toLowerCase()}, told`);
    }
  });

  it('stays twice on a page that does not read items once (a shop grid)', () => {
    const markdown = convert(INDEX, false);
    expect(count(markdown, `[${STORIES[0]?.[0] ?? ''}]`)).toBe(2);
  });

  it('keeps a copy holding words the other lacks, and headings that link within the page', () => {
    const html =
      '<h3><a href="/p/lamp">Desk lamp</a></h3><p>Brass, 40 cm</p>' +
      '<h3><a href="/q/other">Other</a></h3><p>Something else</p>' +
      '<h3><a href="/p/lamp">Desk lamp</a></h3><p>Steel, 30 cm</p>' +
      '<h2><a href="#faq">Questions</a></h2><p>One</p><h2><a href="#faq">Questions</a></h2><p>One</p>';
    const markdown = convert(html, true);
    expect(count(markdown, 'Desk lamp')).toBe(2);
    expect(count(markdown, 'Questions')).toBe(2);
  });
});
