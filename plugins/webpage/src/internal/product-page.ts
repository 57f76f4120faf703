import { visibleTextOf } from './visible-text.js';
import { lowerCaseWords } from './word-characters.js';
import type { ProductFacts } from './json-ld-product.js';

/** An Open Graph type of one product: `product`, `product.item`, `ebay-objects:item`; not `product.group`. */
const PRODUCT_OG_TYPE = /^(?:product(?:\.item)?|[\w-]+:(?:item|product))$/i;
/** The microdata type of a schema.org `Product`. */
const PRODUCT_ITEMTYPE = /schema\.org\/Product$/i;

/** What {@link productSign} reads, all of it gathered by the page facts' one walk. */
export interface ProductPageInput {
  /** The product of the page's JSON-LD. */
  product: ProductFacts | undefined;
  /** `<meta property="og:type">`. */
  ogType: string | undefined;
  /** Each `itemtype` attribute (microdata), in page order. */
  itemTypes: readonly string[];
}

/** What says a page sells one product: its JSON-LD, its microdata, or only its Open Graph type. */
export type ProductSign = 'json-ld' | 'microdata' | 'og:type';

/**
 * What says the page sells one product, the page's data first: its JSON-LD names a schema.org
 * `Product`, its microdata holds exactly one schema.org `Product` (a catalogue's cards are one
 * each), or its Open Graph type is a product's (`og:type` `product`, `product.item`); none when it
 * sells none.
 */
export function productSign(input: ProductPageInput): ProductSign | undefined {
  if (input.product !== undefined) return 'json-ld';
  if (input.itemTypes.filter((type) => PRODUCT_ITEMTYPE.test(type.trim())).length === 1) return 'microdata';
  if (PRODUCT_OG_TYPE.test(input.ogType?.trim() ?? '')) return 'og:type';
  return undefined;
}

/** A shop's controls for buying: its buttons (add to cart, a size or colour to pick) and drop-down lists. */
const PURCHASE_CONTROLS = 'button, select';
/** A control for buying says at most this many words: "Add to shopping cart". */
const MAX_CONTROL_WORDS = 4;

/**
 * Removes from a product page's content (read from the page, after the reading) its controls for
 * buying: "Add to bag", the sizes to pick, a quantity's list. A reader reads the product's name,
 * price, description and specifications; the controls are the shop's. Removed after the page is
 * read, not before: a reading weighs the page as its template built it.
 */
export function dropPurchaseControls(content: Element): void {
  for (const control of Array.from(content.querySelectorAll(PURCHASE_CONTROLS))) {
    // A button that says a sentence is a question's toggle (an FAQ), not a control for buying.
    if (control.localName === 'button' && lowerCaseWords(visibleTextOf(control)).length > MAX_CONTROL_WORDS)
      continue;
    control.remove();
  }
}
