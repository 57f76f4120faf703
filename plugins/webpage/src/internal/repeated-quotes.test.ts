import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

const convert = (html: string) => toMarkdown(toMdast(articleElement(html), { baseUrl: undefined }));

const opening =
  'Trying to keep the whole build under 3500 dollars, mainly for motion graphics and compositing work. ' +
  'Memory bandwidth seems to matter for the GPU, so I am torn between a cheaper card and a workstation one. ' +
  'I would rather stay with the vendors I know, since their drivers work well with my editing software.';

describe('dropRepeatedQuotes', () => {
  it("drops a reply's quote of a post the page already shows, with its citation line", () => {
    const markdown = convert(`<div class="post"><p>${opening}</p></div>
<div class="post"><blockquote class="ipsQuote"><div class="ipsQuote_citation">1 hour ago, Mr_E said:</div>
<div class="ipsQuote_contents"><p>${opening}</p></div></blockquote><p>Get the workstation card; the render times pay for it.</p></div>`);
    expect(markdown.split(opening.slice(0, 40)).length - 1).toBe(1);
    expect(markdown).not.toContain('Mr_E said');
    expect(markdown).toContain('Get the workstation card');
  });

  it('keeps a quote of text the page does not show (a post of an earlier page, a quoted source)', () => {
    const markdown = convert(`<div class="post"><blockquote><p>${opening}</p></blockquote>
<p>Get the workstation card; the render times pay for it.</p></div>`);
    expect(markdown).toContain('> Trying to keep the whole build under 3500 dollars');
  });

  it('keeps a short quote that a reply answers point by point', () => {
    const markdown = convert(`<div class="post"><p>${opening}</p></div>
<div class="post"><blockquote><p>Memory bandwidth seems to matter for the GPU</p></blockquote><p>It matters less than you think.</p></div>`);
    expect(markdown).toContain('> Memory bandwidth seems to matter for the GPU');
  });
});
