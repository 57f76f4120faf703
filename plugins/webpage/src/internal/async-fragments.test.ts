import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../test/golden.js';
import { convertHtml } from '../convert-html.js';
import { parseWithLinkedom } from './load-dom.js';

const RESULTS = [
  'Vintage 1950s Pin-up Model Photograph, Hand Tinted',
  'Original Ansel Adams Print, Yosemite Valley, Signed',
  'Antique Daguerreotype Portrait of a Lady, Cased',
  'Dorothea Lange Migrant Mother Silver Gelatin Print',
  'Hand Painted Advertising Sign, Coca-Cola, 1940s',
  'Art Deco Travel Poster, Paris to Nice, Lithograph',
  'Civil War Era Tintype, Soldier in Uniform',
  'Mid-Century Modern Abstract Oil on Canvas, Signed',
];

/**
 * A search page as eBay's Marko server sends it: the shell with placeholders (loading skeletons),
 * then each part as a hidden fragment at the end of the body, unquoted attributes and all.
 */
function searchPage(): string {
  const cards = RESULTS.map(
    (title, index) =>
      `<li class=brwrvr__item-card><a href=/itm/${String(index)}><h3 class=bsig__title>${title}</h3></a><span class=bsig__price>$${String(20 + index)}.00</span></li>`,
  ).join('');
  return (
    `<!DOCTYPE html><html><head><title>Collectibles &amp; Art | eBay</title></head><body>` +
    `<header><a href=/>eBay</a> <a href=/deals>Deals</a></header><div class=page-container>` +
    `<section class="brw-region brw-region--top"><span id=afbrwwebph1><div class=brw-loader-pagetitle></div></span></section>` +
    `<section class="brw-region brw-region--center"><span id=afbrwwebph2><div class=brw-loader-results>Loading...</div></span></section>` +
    `</div><footer>Copyright © 1995-2026 eBay Inc.</footer>` +
    `<div id=afbrwweb1 style=display:none><h1 class=page-title>Collectibles &amp; Art</h1><p>1,693,368 results</p></div>` +
    `<div id=afbrwweb2 style=display:none><ul class=brwrvr__item-results>${cards}</ul></div></body></html>`
  );
}

describe('placeAsyncFragments (run by the parse)', () => {
  it('puts each fragment in place of its placeholder, skeleton and all', () => {
    const document = parseWithLinkedom(searchPage());
    expect(document.getElementById('afbrwwebph2')).toBeNull();
    expect(document.getElementById('afbrwweb2')).toBeNull();
    const center = document.querySelector('.brw-region--center');
    expect(center?.textContent).toContain(RESULTS[3]);
    expect(center?.textContent).not.toContain('Loading...');
  });

  it('leaves a placeholder whose fragment never came, and ids that only look alike', () => {
    const html =
      '<!DOCTYPE html><html><body><span id=afph9>Loading...</span><div id=after9 style=display:none>hidden</div>' +
      '<div id=afterphoto1>A caption</div></body></html>';
    const text = parseWithLinkedom(html).body.textContent ?? '';
    expect(text).toContain('Loading...');
    expect(text).toContain('A caption');
  });

  it("reads a search page's results, not its skeleton", async () => {
    const markdown = toMarkdown((await convertHtml(searchPage())).root);
    for (const title of RESULTS) expect(markdown).toContain(title);
    expect(markdown).not.toContain('Loading...');
  });
});
