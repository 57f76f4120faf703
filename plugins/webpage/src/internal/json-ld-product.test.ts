import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { addMissingProduct, readJsonLdProduct } from './json-ld-product.js';

const description = '<p>Bold &amp; smooth dark roast,</p><p>ground for every brewer you own at home.</p>';
const graph = JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'Shop' },
    {
      '@type': ['Product'],
      name: 'Dark Roast Coffee',
      description,
      offers: [{ '@type': 'Offer', price: '19.99', priceCurrency: 'USD' }],
    },
  ],
});

const page = (text: string): Root => ({
  type: 'root',
  children: [{ type: 'paragraph', children: [{ type: 'text', value: text }] }],
});

describe('readJsonLdProduct', () => {
  it('finds the product inside @graph past invalid scripts, its description as plain text', () => {
    expect(readJsonLdProduct(['{ not json', graph])).toEqual({
      name: 'Dark Roast Coffee',
      description: 'Bold & smooth dark roast,\nground for every brewer you own at home.',
      price: '19.99 USD',
    });
  });

  it("finds the product beside an array of 300 000 offers (a catalogue's) without overflowing the stack", () => {
    const offers = Array.from({ length: 300_000 }, (_, index) => ({ '@type': 'Offer', price: index }));
    const script = JSON.stringify([offers, { '@type': 'Product', name: 'Dark Roast Coffee' }]);
    expect(readJsonLdProduct([script])?.name).toBe('Dark Roast Coffee');
  });

  it('decodes a description the template wrote percent-encoded, and leaves a percentage alone', () => {
    const encoded = readJsonLdProduct([
      JSON.stringify({
        '@type': 'Product',
        name: 'Atelier Sofa',
        description:
          'An%20elegant%20sofa%20with%20a%20curved%20design.%7CThe%20Atelier%20Sofa%20is%20a%20statement.',
      }),
    ]);
    expect(encoded?.description).toBe(
      'An elegant sofa with a curved design.|The Atelier Sofa is a statement.',
    );
    const plain = readJsonLdProduct([
      JSON.stringify({ '@type': 'Product', name: 'Wool', description: '100% wool, 20% off%20today' }),
    ]);
    expect(plain?.description).toBe('100% wool, 20% off%20today');
  });

  it('answers undefined for a page without a product', () => {
    expect(readJsonLdProduct([JSON.stringify({ '@type': 'Article', headline: 'News' })])).toBeUndefined();
  });
});

describe('addMissingProduct', () => {
  const product = readJsonLdProduct([graph]);

  it('adds the description and price when the page as read lacks them', () => {
    const root = page('Add to cart');
    expect(addMissingProduct(root, product)).toBe(true);
    expect(toString(root)).toContain('ground for every brewer you own at home.');
    expect(toString(root)).toContain('Price: 19.99 USD');
  });

  it('adds nothing when the page already shows the description', () => {
    const root = page('Bold and smooth dark roast, ground for every brewer you own at home. $19.99');
    expect(addMissingProduct(root, product)).toBe(false);
    expect(root.children).toHaveLength(1);
  });
});
