import { nodesUnder } from './dom-walk.js';
import type { ProductFacts } from './json-ld-product.js';

/** An Open Graph type of one product: `product`, `product.item`, `ebay-objects:item`; not `product.group`. */
const PRODUCT_OG_TYPE = /^(?:product(?:\.item)?|[\w-]+:(?:item|product))$/i;
/** The microdata type of a schema.org `Product`. */
const PRODUCT_ITEMTYPE = /schema\.org\/Product$/i;
/** Elements whose content holds no meta or microdata of the page. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'svg']);

/**
 * True when the page sells one product: its JSON-LD names a schema.org `Product` (`product`), its
 * Open Graph type is a product's (`og:type` `product`, `product.item`), or its microdata holds
 * exactly one schema.org `Product` (a catalogue's cards are a Product each).
 */
export function isProductPage(document: Document, product: ProductFacts | undefined): boolean {
  if (product !== undefined) return true;
  let products = 0;
  // One walk, not selectors: linkedom matches a selector against every element of the page.
  for (const node of nodesUnder(document, 'elements', (element) => SKIPPED.has(element.localName))) {
    const element = node as Element;
    const tag = element.localName;
    if (tag === 'meta') {
      if (element.getAttribute('property') !== 'og:type') continue;
      if (PRODUCT_OG_TYPE.test(element.getAttribute('content')?.trim() ?? '')) return true;
    } else if (
      element.hasAttribute('itemscope') &&
      PRODUCT_ITEMTYPE.test(element.getAttribute('itemtype') ?? '')
    ) {
      products += 1;
    }
  }
  return products === 1;
}
