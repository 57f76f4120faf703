import { describe, expect, it } from 'vitest';
import { convertHtml } from '../convert-html.js';
import { toMarkdown } from '../../test/golden.js';

const sentence =
  'The battery charges two phones at once and fits in a coat pocket, the reviewer found after a month. ';
const price =
  '<span class="a-price"><span class="a-offscreen">$29.99</span>' +
  '<span aria-hidden="true">$<b>29</b><sup>99</sup></span></span>';

describe("a price's spoken copy beside its drawn one", () => {
  it('keeps the price in an article: the copy for screen readers is the one the reading keeps', async () => {
    const html =
      '<html><head><title>A battery for the road</title></head><body><article><h1>A battery for the road</h1>' +
      `<p>${sentence.repeat(4)}</p><p>The Anker battery is now ${price} at the store.</p>` +
      `<p>${sentence.repeat(3)}</p></article></body></html>`;
    const { root } = await convertHtml(html, { url: 'https://news.example/battery' });
    expect(toMarkdown(root)).toContain('now $29.99 at the store');
  });
});
