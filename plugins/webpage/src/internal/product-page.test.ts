import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { readPageFacts } from './page-facts.js';

/** Whether a page of this head and body reads as a product page, through the page facts' walk. */
function isProductPage(head: string, body = ''): boolean {
  const document = parseWithLinkedom(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);
  return readPageFacts(document, undefined).productSign !== undefined;
}

const MUG =
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Mug","offers":{"price":"12.00"}}</script>';

const CARD = (name: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">${name}</span></div>`;

describe('isProductPage', () => {
  it('is a product page when its JSON-LD names a Product', () => {
    expect(isProductPage(MUG)).toBe(true);
  });

  it("reads Open Graph's product types, not a product group (a category)", () => {
    expect(isProductPage('<meta property="og:type" content="product">')).toBe(true);
    expect(isProductPage('<meta property="og:type" content="ebay-objects:item">')).toBe(true);
    expect(isProductPage('<meta property="og:type" content="product.group">')).toBe(false);
    expect(isProductPage('<meta property="og:type" content="website">')).toBe(false);
  });

  it('is a product page with one microdata Product, a catalogue with several', () => {
    expect(isProductPage('', CARD('Strat'))).toBe(true);
    expect(isProductPage('', CARD('Strat') + CARD('Tele') + CARD('Jazzmaster'))).toBe(false);
  });
});

describe('productSign', () => {
  const signOf = (head: string, body = '') =>
    readPageFacts(
      parseWithLinkedom(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`),
      undefined,
    ).productSign;

  it("names the page's data first, its og:type only when nothing else says so", () => {
    const ogProduct = '<meta property="og:type" content="product">';
    expect(signOf(ogProduct + MUG)).toBe('json-ld');
    expect(signOf(ogProduct, CARD('Mug'))).toBe('microdata');
    expect(signOf(ogProduct)).toBe('og:type');
    expect(signOf('<meta property="og:type" content="website">')).toBeUndefined();
  });

  it("reads a page that declares nothing by its <h1>'s name: a shop's template for one product", () => {
    expect(signOf('', '<h1 id="title"><span id="productTitle">Wireless Earbuds</span></h1>')).toBe('heading');
    expect(signOf('', '<div class="product__title"><h1>Wool Runner</h1></div>')).toBe('heading');
    expect(signOf('', '<h1 class="product_title entry-title">Iris Dress</h1>')).toBe('heading');
    // A category's or an article's heading names no product; an empty one names nothing.
    expect(signOf('', '<h1 class="collection-title">Dresses</h1>')).toBeUndefined();
    expect(signOf('', '<h1 class="entry-title">How we dye hemp</h1>')).toBeUndefined();
    expect(signOf('', '<h1 class="product-title"> </h1>')).toBeUndefined();
  });
});
