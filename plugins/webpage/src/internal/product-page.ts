import type { ProductFacts } from './json-ld-product.js';

/** An Open Graph type of one product: `product`, `product.item`, `ebay-objects:item`; not `product.group`. */
const PRODUCT_OG_TYPE = /^(?:product(?:\.item)?|[\w-]+:(?:item|product))$/i;
/** The microdata type of a schema.org `Product`. */
const PRODUCT_ITEMTYPE = /schema\.org\/Product$/i;

/** What {@link isProductPage} reads, all of it gathered by the page facts' one walk. */
export interface ProductPageInput {
  /** The product of the page's JSON-LD. */
  product: ProductFacts | undefined;
  /** `<meta property="og:type">`. */
  ogType: string | undefined;
  /** Each `itemtype` attribute (microdata), in page order. */
  itemTypes: readonly string[];
}

/**
 * True when the page sells one product: its JSON-LD names a schema.org `Product` (`product`), its
 * Open Graph type is a product's (`og:type` `product`, `product.item`), or its microdata holds
 * exactly one schema.org `Product` (a catalogue's cards are a Product each).
 */
export function isProductPage(input: ProductPageInput): boolean {
  if (input.product !== undefined) return true;
  if (PRODUCT_OG_TYPE.test(input.ogType?.trim() ?? '')) return true;
  return input.itemTypes.filter((type) => PRODUCT_ITEMTYPE.test(type.trim())).length === 1;
}
