import { describe, expect, it } from 'vitest';
import { pageTypeOf, readsItemsOnce } from './page-type.js';

const GRID = Array.from({ length: 9 }, (_, index) => `Mug ${index} $${index + 10}.00`).join('\n');
const STORIES = Array.from({ length: 9 }, (_, index) => `Story ${index}\nA teaser of story ${index}.`).join(
  '\n',
);
const PRICING = 'Basic $9.99 a month\nPro $19.99 a month\nTeam $49.99 a month';

describe('pageTypeOf', () => {
  it("calls a product's page a product, whatever its reading prints", () => {
    expect(pageTypeOf({ productPage: true, declaredKind: 'other', text: GRID })).toBe('product');
  });

  it('calls a reading of eight prices or more a catalogue, even when the page says it is an article', () => {
    expect(pageTypeOf({ productPage: false, declaredKind: 'article', text: GRID })).toBe('catalogue');
    expect(pageTypeOf({ productPage: false, declaredKind: 'other', text: GRID })).toBe('catalogue');
  });

  it("calls a declared article an article and any other page a listing (a service's three prices too)", () => {
    expect(pageTypeOf({ productPage: false, declaredKind: 'article', text: STORIES })).toBe('article');
    expect(pageTypeOf({ productPage: false, declaredKind: undefined, text: STORIES })).toBe('listing');
    expect(pageTypeOf({ productPage: false, declaredKind: 'other', text: PRICING })).toBe('listing');
  });

  it('reads items once on listings and articles, not in a shop', () => {
    expect(readsItemsOnce('listing')).toBe(true);
    expect(readsItemsOnce('article')).toBe(true);
    expect(readsItemsOnce('catalogue')).toBe(false);
    expect(readsItemsOnce('product')).toBe(false);
  });
});
