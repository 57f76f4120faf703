import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { isProductPage } from './product-page.js';

function pageWith(head: string, body = ''): Document {
  return parseWithLinkedom(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);
}

const CARD = (name: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">${name}</span></div>`;

describe('isProductPage', () => {
  it('is a product page when its JSON-LD names a Product', () => {
    expect(isProductPage(pageWith(''), { name: 'Mug', description: undefined, price: undefined })).toBe(true);
  });

  it("reads Open Graph's product types, not a product group (a category)", () => {
    expect(isProductPage(pageWith('<meta property="og:type" content="product">'), undefined)).toBe(true);
    expect(isProductPage(pageWith('<meta property="og:type" content="ebay-objects:item">'), undefined)).toBe(
      true,
    );
    expect(isProductPage(pageWith('<meta property="og:type" content="product.group">'), undefined)).toBe(
      false,
    );
    expect(isProductPage(pageWith('<meta property="og:type" content="website">'), undefined)).toBe(false);
  });

  it('is a product page with one microdata Product, a catalogue with several', () => {
    expect(isProductPage(pageWith('', CARD('Strat')), undefined)).toBe(true);
    expect(isProductPage(pageWith('', CARD('Strat') + CARD('Tele') + CARD('Jazzmaster')), undefined)).toBe(
      false,
    );
  });
});
