import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { readPageFacts } from './page-facts.js';
import { dropPurchaseControls, dropVariantChoices } from './product-page.js';

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

describe('dropVariantChoices', () => {
  const bodyOf = (html: string) => parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body;

  it("removes a size picker's radio buttons and labels, the label for each of two copies, and its bare legend", () => {
    const sizes = ['xs', 's', 'm']
      .map((size) => `<input type="radio" id="size-${size}"><label for="size-${size}">${size}</label>`)
      .join('');
    const body = bodyOf(
      `<h1>Arrival T-Shirt</h1><fieldset><legend>Select a size</legend>${sizes}</fieldset>` +
        `<div class="restock-dialog">${sizes}</div><p>A lightweight training tee.</p>`,
    );
    dropVariantChoices(body);
    expect(body.textContent).toBe('Arrival T-ShirtA lightweight training tee.');
  });

  it('removes choices drawn by scripts and labels around their inputs, not a choice that says a sentence', () => {
    const body = bodyOf(
      '<div role="radiogroup"><span role="radio">Slate</span><span role="radio">Gunmetal</span></div>' +
        '<label><input type="radio" name="pack"> Pack of 3</label>' +
        '<label><input type="radio" name="plan"> Deliver every month and save ten percent on each order you place</label>',
    );
    dropVariantChoices(body);
    expect(body.textContent?.trim()).toBe('Deliver every month and save ten percent on each order you place');
  });
});

describe('dropPurchaseControls', () => {
  const contentOf = (html: string) =>
    parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body;

  it("removes a gallery's thumbnails and a picker's swatches (three or more pictures without text)", () => {
    const thumbnails = [1, 2, 3]
      .map(
        (index) =>
          `<li><a href="#${String(index)}"><img alt="Cast Iron Skillet, ${String(index)} of 3" src="/${String(index)}.jpg"></a></li>`,
      )
      .join('');
    const swatches = ['slate', 'gunmetal', 'navy']
      .map((colour) => `<div class="swatch"><img alt="${colour} option" src="/${colour}.png"></div>`)
      .join('');
    const content = contentOf(
      `<h1>Cast Iron Skillet</h1><ul>${thumbnails}</ul><div>${swatches}</div><p>Preseasoned.</p>`,
    );
    dropPurchaseControls(content);
    expect(content.querySelectorAll('img')).toHaveLength(0);
    expect(content.textContent).toBe('Cast Iron SkilletPreseasoned.');
  });

  it('keeps pictures with captions and fewer than three bare pictures', () => {
    const figures = [1, 2, 3]
      .map(
        (index) =>
          `<figure><img alt="" src="/${String(index)}.jpg"><figcaption>Step ${String(index)}</figcaption></figure>`,
      )
      .join('');
    const content = contentOf(
      `<div>${figures}</div><div><img alt="Front" src="/f.jpg"><img alt="Back" src="/b.jpg"></div>`,
    );
    dropPurchaseControls(content);
    expect(content.querySelectorAll('img')).toHaveLength(5);
  });
});
