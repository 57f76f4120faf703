import { printsPriceGrid } from './catalogue.js';
import type { DeclaredKind } from './declared-kind.js';

/**
 * What kind of page the reading is of, as far as it decides how the reading is cleaned:
 * - `product`: the page sells one product (its JSON-LD, microdata or `og:type` says so);
 * - `catalogue`: a shop's category or search page, its reading a grid of priced items (eight prices
 *   or more);
 * - `article`: the page says it is an article (a schema.org article type or `og:type` `article`);
 * - `listing`: any other page (an index of stories, posts, courses or jobs; a service's page).
 */
export type PageType = 'product' | 'catalogue' | 'article' | 'listing';

/** What {@link pageTypeOf} reads. */
export interface PageTypeInput {
  /** The page sells one product (`productSign`, not overruled by a grid of prices). */
  productPage: boolean;
  /** What the page says it is (`declaredKind`). */
  declaredKind: DeclaredKind | undefined;
  /** The text of the reading the markdown is made of (an article, a region, entries). */
  text: string;
}

/**
 * The page's type ({@link PageType}), from what it says of itself and what its reading shows: a
 * product's page first (its reading may print its variants' and other products' prices), then a
 * grid of prices (a shop's category, whatever its `og:type` or schema.org type says), then a
 * declared article, else a listing. The reading's text is already at hand: no walk of the DOM.
 *
 * @example
 * pageTypeOf({ productPage: false, declaredKind: 'other', text: 'Mug $12.00 Cup $9.00 …' }) // 'catalogue' from 8 prices
 */
export function pageTypeOf(input: PageTypeInput): PageType {
  if (input.productPage) return 'product';
  if (printsPriceGrid(input.text)) return 'catalogue';
  return input.declaredKind === 'article' ? 'article' : 'listing';
}

/**
 * True when an item shown twice is read once (`dropRepeatedItems`): on a listing or an article (a
 * featured strip above the same stories, a rail repeating the list), not in a shop's grid or on a
 * product's page, where a card names its product over its picture and again in its panel and a
 * carousel clones its cards.
 */
export function readsItemsOnce(type: PageType): boolean {
  return type === 'listing' || type === 'article';
}
