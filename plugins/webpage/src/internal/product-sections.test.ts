import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { narrowToProduct, readMainRegion } from './main-region.js';
import { isProductSection } from './product-sections.js';
import { visibleTextOf } from './visible-text.js';

const PROSE = 'The harbour authority approved the plan on Tuesday after two years of public hearings. ';

function elementOf(html: string): Element {
  const element = parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body
    .firstElementChild;
  if (element === null) throw new Error('no element');
  return element;
}

/** The text of the product's block that {@link narrowToProduct} reads on `body`'s main region. */
function narrowedText(body: string, product: { name: string; description: string }): string {
  const region = readMainRegion(parseWithLinkedom(`<!DOCTYPE html><html><body>${body}</body></html>`));
  if (region === null) throw new Error('no region');
  return visibleTextOf(narrowToProduct(region, product).element);
}

describe('isProductSection', () => {
  it("reads a product's own section by its class or id", () => {
    expect(
      isProductSection(elementOf('<div class="woocommerce-tabs wc-tabs-wrapper">Description</div>')),
    ).toBe(true);
    expect(isProductSection(elementOf('<section id="ProductDetails">Cotton</section>'))).toBe(true);
    expect(isProductSection(elementOf('<section class="product-reviews-tabs">5 stars</section>'))).toBe(
      false,
    );
    expect(isProductSection(elementOf('<section class="related products">Mug</section>'))).toBe(false);
  });

  it('reads a section by the heading it opens with, not by a heading further down', () => {
    expect(isProductSection(elementOf('<section><h2>Specifications</h2><p>Weight 2 kg</p></section>'))).toBe(
      true,
    );
    expect(isProductSection(elementOf('<div><h3>How to use</h3><p>Add two scoops.</p></div>'))).toBe(true);
    expect(isProductSection(elementOf('<div><h2>You may also like</h2><p>Mug $9</p></div>'))).toBe(false);
    expect(isProductSection(elementOf('<div><p>Sign up for our emails</p><h2>Details</h2></div>'))).toBe(
      false,
    );
  });
});

describe("narrowToProduct with the product's sections", () => {
  // A WooCommerce product: the buy box (name, price, short description), its tabs below it at the
  // level of the gallery, then related products and a newsletter box.
  const page =
    '<main><div class="product"><div class="prod-wrap"><div class="gallery"></div>' +
    '<div class="summary"><h1>Nord Zero Sandal</h1><p>99,90 €</p><p>The sandal of those who design their destiny.</p></div></div>' +
    '<div class="woocommerce-tabs"><h2>Description</h2><p>Technical specifications: Vibram sole, 8 mm thick.</p></div>' +
    `<section class="related products"><h2>Related products</h2><p>Nord Volcan 109,90 €</p></section></div>` +
    `<div class="reviews"><p>${PROSE.repeat(4)}</p></div>` +
    '<section><h2>Frequently asked questions</h2><p>Do they run small? No, they run true to size.</p></section></main>';
  const product = { name: 'Nord Zero Sandal', description: 'The sandal of those who design their destiny.' };

  it("takes in the product's description tabs and questions below the buy box, not its reviews or other products", () => {
    const text = narrowedText(page, product);
    expect(text).toContain('99,90 €');
    expect(text).toContain('Vibram sole');
    expect(text).toContain('they run true to size');
    expect(text.indexOf('99,90 €')).toBeLessThan(text.indexOf('Vibram sole'));
    expect(text).not.toContain('Nord Volcan');
    expect(text).not.toContain('harbour');
  });
});

describe('narrowToProduct with the sections that name the product', () => {
  // A maker's Shopify page laid out by a page builder (ridge.com): the buy box in one section, the
  // product's story in sections named only by number below it, a carousel of its other products
  // (each with a price) and the shop's promises.
  const page =
    '<div class="shopify-section"><div class="pdp"><h1>Ridge Wallet</h1><p>$76.00</p>' +
    '<p>The minimalist front pocket wallet that holds up to twelve cards.</p><button>Add to cart</button></div></div>' +
    '<div class="shopify-section"><div class="shg-c"><h2>Welcome to 2.0</h2>' +
    '<p>Meet the most refined version of the Ridge Wallet and our new Built for Life Warranty.</p></div></div>' +
    '<div class="shopify-section"><div class="shg-c"><h2>You may like</h2><p>Ridge Wallet Carbon Fiber $125.00</p></div></div>' +
    '<div class="shopify-section"><div class="shg-c"><p>Free shipping and returns. Secure checkout.</p></div></div>';
  const product = {
    name: 'Ridge Wallet',
    description: 'The minimalist front pocket wallet that holds up to twelve cards.',
  };

  it('takes in a following section that says the product’s name, not a priced card or the shop’s promises', () => {
    const text = narrowedText(page, product);
    expect(text).toContain('$76.00');
    expect(text).toContain('Built for Life Warranty');
    expect(text).not.toContain('Carbon Fiber');
    expect(text).not.toContain('Secure checkout');
  });

  it('finds no section by a name of one word', () => {
    const text = narrowedText(page, { ...product, name: 'Ridge' });
    expect(text).not.toContain('Built for Life Warranty');
  });
});
