import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { dropOtherProducts } from './other-products.js';
import { visibleTextOf } from './visible-text.js';

const DESCRIPTION =
  '<p>Alder body, maple neck, rosewood fingerboard, three single-coil pickups and a tremolo.</p>';

function afterDrop(body: string): string {
  const document = parseWithLinkedom(`<!DOCTYPE html><html><body>${body}</body></html>`);
  dropOtherProducts(document.body);
  return visibleTextOf(document.body);
}

describe('dropOtherProducts', () => {
  it('drops blocks named related products and reviews (thomann-like names)', () => {
    const text = afterDrop(
      `<main><h1>Player II Strat</h1>${DESCRIPTION.repeat(3)}` +
        '<div id="related_products_carousel" class="product-related-products"><h2>Accessories</h2><p>Guitar case $89</p></div>' +
        '<div class="js-product-reviews-preview"><p>I owned a Player I and sold it after a year.</p></div></main>',
    );
    expect(text).toContain('rosewood fingerboard');
    expect(text).not.toContain('Guitar case');
    expect(text).not.toContain('sold it after a year');
  });

  it('drops carousels headed "Customers frequently viewed", "Consider these available items", "Featured products" and "Shop the look"', () => {
    const carousel = (heading: string, item: string) =>
      `<div class="carousel"><h2>${heading}</h2><ol><li><a href="/${item}">${item}</a> <span>$19.99</span></li></ol></div>`;
    const text = afterDrop(
      `<main><h1>Earbuds</h1>${DESCRIPTION.repeat(3)}` +
        carousel('Customers frequently viewed', 'Silicone tips') +
        carousel('Consider these available items', 'Cleaning kit') +
        carousel('Featured products', 'Pro tech toolkit') +
        carousel('Shop the look', 'Linen throw') +
        '<h2>Product details</h2><p>Bluetooth 5.3, 30 hours with the case.</p></main>',
    );
    for (const item of ['Silicone tips', 'Cleaning kit', 'Pro tech toolkit', 'Linen throw'])
      expect(text).not.toContain(item);
    expect(text).toContain('rosewood fingerboard');
    expect(text).toContain('30 hours with the case');
  });

  it('drops a block of other products whose heading is a plain paragraph first in it (ifixit-like), not a paragraph that only mentions them', () => {
    const text = afterDrop(
      `<main><h1>Screwdriver set</h1>${DESCRIPTION.repeat(3)}` +
        '<div data-testid="product-cross-sell"><p class="chakra-text">Frequently Bought Together</p>' +
        '<div><a href="/spudger">Spudger</a> <span>$2.99</span></div><div><a href="/tweezers">Tweezers</a> <span>$4.99</span></div></div>' +
        '<div><p>The bits fit the handle other items in our store use, too.</p><p>Hardened steel, 64 bits.</p></div></main>',
    );
    expect(text).not.toContain('Spudger');
    expect(text).not.toContain('Frequently Bought Together');
    expect(text).toContain('Hardened steel, 64 bits.');
    expect(text).toContain('rosewood fingerboard');
  });

  it("drops a block headed by the shop's other products, and only that block (its peers stay)", () => {
    const text = afterDrop(
      `<main><h1>Ladies top</h1>${DESCRIPTION.repeat(3)}<div class="panel">` +
        '<div class="river"><h2>People who viewed this item also viewed</h2><ul><li>Floral blouse £23</li><li>Tunic £12</li></ul></div>' +
        '<h2>About this item</h2><p>Seller assumes all responsibility for this listing.</p></div></main>',
    );
    expect(text).not.toContain('Floral blouse');
    expect(text).not.toContain('also viewed');
    expect(text).toContain('Seller assumes all responsibility');
  });

  it("drops a headed block of other products that outweighs the product, past the dialogs in its cards, not the item's details after it (ebay-like)", () => {
    const card = (name: string) =>
      `<div class="card"><h3>${name}</h3><p>Pre-owned, private seller, ships from the United Kingdom, $20.12 plus $23.93 delivery.</p>` +
      '<div role="dialog"><h2>Why you are seeing this ad</h2></div></div>';
    const text = afterDrop(
      '<main><h1>Ladies top</h1><p>Condition: not specified.</p><div class="bottom"><div class="slot">' +
        `<div class="bar"><h2>Similar items</h2><a href="/similar">See all</a></div>` +
        `${['Floral blouse', 'Striped tunic', 'Ribbed top', 'Knitted poncho'].map(card).join('')}</div>` +
        `<div class="slot"><h2>Explore related items</h2>${['Vest pack', 'Crew tee', 'Linen shirt'].map(card).join('')}</div>` +
        '<div class="tabs"><span>About this item</span><p>Seller assumes all responsibility for this listing.</p></div></div></main>',
    );
    expect(text).not.toContain('Floral blouse');
    expect(text).not.toContain('Knitted poncho');
    expect(text).not.toContain('Linen shirt');
    expect(text).toContain('Condition: not specified');
    expect(text).toContain('Seller assumes all responsibility');
  });

  it('drops the carousels a fashion shop heads with its own words (zalando-like: variations, more from the brand, often viewed, sponsored)', () => {
    const carousel = (heading: string, item: string) =>
      `<div><div><h2>${heading}</h2><a href="/more">See more</a></div>` +
      `<article><a href="/${item}"><h3>${item}</h3><p>€39.99</p></a></article></div>`;
    const text = afterDrop(
      `<main><div class="pdp"><h1>Faux leather jacket - black</h1>${DESCRIPTION}<h2>Material &amp; care</h2>` +
        '<p>Outer fabric material: 100% polyester</p></div><div>' +
        carousel('Variations of this style How about these?', 'Bomber jacket') +
        carousel('More from Bershka', 'Baggy jeans') +
        carousel('Better together Often viewed with each other', 'Smart trousers') +
        carousel('Sponsored by our brands Recommendations', 'Leather slip-ons') +
        '</div></main>',
    );
    expect(text).toContain('100% polyester');
    for (const item of ['Bomber jacket', 'Baggy jeans', 'Smart trousers', 'Leather slip-ons'])
      expect(text).not.toContain(item);
  });

  it('takes a heading first in no container with its following siblings up to the next heading', () => {
    const text = afterDrop(
      `<main><h1>Sandals</h1>${DESCRIPTION.repeat(3)}<h3>Customer reviews</h3><p>Great fit, five stars.</p>` +
        '<p>Ran small for me.</p><h3>Materials</h3><p>Vibram sole and cotton cord.</p></main>',
    );
    expect(text).not.toContain('five stars');
    expect(text).not.toContain('Ran small');
    expect(text).toContain('Vibram sole');
  });

  it("keeps a block that holds the product's name or most of the page (a template naming its wrapper)", () => {
    const text = afterDrop(
      `<div class="product-reviews-enabled"><h1>Mug</h1>${DESCRIPTION}</div>` +
        `<div class="ratings-wrapper"><p>${'Handmade stoneware, glazed inside, holds twelve ounces. '.repeat(8)}</p></div>` +
        '<div class="similar"><p>Other mug</p></div>',
    );
    expect(text).toContain('Mug');
    expect(text).toContain('Handmade stoneware');
    expect(text).not.toContain('Other mug');
  });

  it("keeps a business's testimonials (a service page's quoted customers)", () => {
    const text = afterDrop(
      `<main><h1>Pest control</h1>${DESCRIPTION.repeat(2)}<section class="home-testimonial-wr">` +
        '<div class="review-card">We had a serious ant problem in our kitchen.</div></section></main>',
    );
    expect(text).toContain('serious ant problem');
  });
});
