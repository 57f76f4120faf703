import type { ProductFacts } from './json-ld-product.js';

/** An Open Graph type of one product: `product`, `product.item`, `ebay-objects:item`; not `product.group`. */
const PRODUCT_OG_TYPE = /^(?:product(?:\.item)?|[\w-]+:(?:item|product))$/i;
/** A microdata scope of a schema.org `Product`. */
const PRODUCT_MICRODATA = '[itemscope][itemtype$="schema.org/Product" i]';

/**
 * True when the page sells one product: its JSON-LD names a schema.org `Product` (`product`), its
 * Open Graph type is a product's (`og:type` `product`, `product.item`), or its microdata holds
 * exactly one schema.org `Product` (a catalogue's cards are a Product each).
 */
export function isProductPage(document: Document, product: ProductFacts | undefined): boolean {
  if (product !== undefined) return true;
  const ogType = document.querySelector('meta[property="og:type"]')?.getAttribute('content')?.trim() ?? '';
  if (PRODUCT_OG_TYPE.test(ogType)) return true;
  return document.querySelectorAll(PRODUCT_MICRODATA).length === 1;
}
