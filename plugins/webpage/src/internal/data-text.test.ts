import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../test/golden.js';
import { convertHtml } from '../convert-html.js';
import { parseWithLinkedom } from './load-dom.js';

/** A grid's state as a shop's script parks it (escaped as the page sends it): item ids, options. */
const gridState = (items: number): string => {
  const state = {
    painterId: 'AsinGridWidget',
    hostPageType: 'BROWSE',
    asins: Array.from({ length: items * 12 }, (_, index) => `B0CX${String(100000 + index)}`),
    sortOrder: 'relevanceblender',
    showAddToCart: false,
  };
  return JSON.stringify(state).replaceAll('"', '&quot;');
};

const card = (name: string, price: string): string =>
  `<li class="grid-item"><a href="/dp/${name.toLowerCase().replaceAll(' ', '-')}"><img src="/${name}.jpg" alt=""><span class="title">${name}</span></a><span class="price">${price}</span></li>`;

const NAMES = [
  'Soundcore Q20i Wireless Headphones',
  'Skullcandy Crusher Evo Headphones',
  'Sennheiser HD 600 Open-Back Headphones',
  'Soundcore P30i Noise Cancelling Earbuds',
  'Beribes Bluetooth Over-Ear Headphones',
  'Sony WH-CH520 Wireless Headphones',
  'JBL Tune 510BT Headphones',
  'Audio-Technica ATH-M50x Studio Headphones',
  'Bose QuietComfort Ultra Headphones',
  'Apple AirPods Pro Earbuds',
];

/** A shop's category page: a heading, the grid's state in a hidden element, then the grid. */
function categoryPage(): string {
  const cards = NAMES.map((name, index) => card(name, `EUR ${String(20 + index * 7)}.42`)).join('');
  return `<html><head><title>Headphones</title></head><body>
<header><nav><a href="/">Home</a> <a href="/deals">Deals</a></nav></header>
<main><h1>Earbud Headphones, Over-Ear Headphones &amp; More</h1>
<div class="grid-container"><div class="grid-state aok-hidden">${gridState(NAMES.length)}</div>
<ul class="grid">${cards}</ul></div></main>
<footer>Conditions of Use</footer></body></html>`;
}

describe('dropDataText (run by the parse)', () => {
  it("removes an element whose text is a script's JSON state", () => {
    const document = parseWithLinkedom(categoryPage());
    expect(document.body.textContent).not.toContain('painterId');
    expect(document.body.textContent).toContain('Bose QuietComfort Ultra Headphones');
  });

  it("keeps a code block's JSON sample, a sentence in braces and short data", () => {
    const sample = JSON.stringify({
      id: 42,
      name: 'A widget with a long enough name',
      tags: ['one', 'two', 'three'],
    });
    const html =
      `<html><body><pre>${sample}</pre><p><code>${sample}</code></p>` +
      `<div>{ "a": 1 }</div><p>[Editor's note: the figures above were corrected on 2 March, after the count was rerun by the office.]</p></body></html>`;
    const text = parseWithLinkedom(html).body.textContent ?? '';
    expect(text.split('A widget with a long enough name')).toHaveLength(3);
    expect(text).toContain('{ "a": 1 }');
    expect(text).toContain("[Editor's note");
  });

  it('finds the grid of a category page as its content, not the hidden state as its article', async () => {
    const converted = await convertHtml(categoryPage());
    expect(converted.mainContentFound).toBe(true);
    expect(converted.warnings).toEqual([]);
    const markdown = toMarkdown(converted.root);
    expect(markdown).not.toContain('painterId');
    expect(markdown).toContain('Skullcandy Crusher Evo Headphones');
    expect(markdown).toContain('Apple AirPods Pro Earbuds');
  });
});
