import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string, region: boolean): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl: 'https://forum.example/', region }));
}

const POST =
  '<p>Delete the order first, then change the payment method in the back office under Orders.</p>' +
  '<p>The module keeps the old method until the cache is cleared, so clear it after the change.</p>';

describe('loose lines between the blocks of a post (Invision)', () => {
  it("drops a post's edit note that stands beside its paragraphs in no block of its own", () => {
    const markdown = convert(
      `<div class="post">${POST}<span><strong>Edited <time>January 29</time> by ErnestQ</strong> ` +
        '<a href="/history">(see edit history)</a></span></div>',
      false,
    );
    expect(markdown).toContain('Delete the order first');
    expect(markdown).toContain('clear it after the change');
    expect(markdown).not.toContain('ErnestQ');
    expect(markdown).not.toContain('edit history');
  });

  it("keeps a loose line of the post's own words, and a card's loose date on a page of items", () => {
    const post = convert(
      `<div class="post">${POST}<span>Thanks, that fixed it for me too.</span></div>`,
      false,
    );
    expect(post).toContain('Thanks, that fixed it for me too.');
    const cards = convert(
      ['First', 'Second', 'Third']
        .map(
          (name) =>
            `<div class="card"><h3><a href="/${name}">${name} story</a></h3>Dec 17, 2025<p>${name} summary of the story.</p></div>`,
        )
        .join(''),
      true,
    );
    expect(cards).toContain('Dec 17, 2025');
    const scored = convert(
      ['First', 'Second', 'Third']
        .map(
          (name) =>
            `<div class="card"><h3><a href="/${name}">${name} tool</a></h3>9.1<p>${name} review of the tool.</p></div>`,
        )
        .join(''),
      true,
    );
    expect(scored).toContain('9.1');
  });
});
