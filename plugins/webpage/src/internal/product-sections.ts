import { classAndIdWords } from './element-names.js';
import { visibleTextOf } from './visible-text.js';
import { lowerCaseWords } from './word-characters.js';
import { countPrices } from './catalogue.js';

/**
 * Words of a class or id (split at `-`, `_` and a lower-to-upper case change) that name a section
 * of the product's own: its description, details, specifications, features, materials,
 * ingredients, questions about it, and the tabs or accordion that hold them.
 */
const PRODUCT_SECTION_NAME_WORDS = new Set([
  ...['description', 'details', 'detail', 'specifications', 'specification', 'specs', 'features'],
  ...['materials', 'ingredients', 'dimensions', 'faq', 'faqs', 'tabs', 'accordion', 'overview'],
]);
/**
 * Words of a class or id that name what is not the product's own: reviews, other products,
 * sign-ups, and the shop's own (its stores, the seller, shipping and returns: `store-details`).
 */
const OTHER_SECTION_NAME_WORDS = new Set([
  ...['review', 'reviews', 'rating', 'ratings', 'related', 'recommended', 'recommendations'],
  ...['upsell', 'upsells', 'crosssell', 'cross', 'recently', 'viewed', 'similar', 'newsletter'],
  ...['footer', 'carousel', 'slider', 'promo', 'banner'],
  ...['store', 'seller', 'shipping', 'delivery', 'returns'],
]);
/**
 * Words of a class or id that name the publisher's or maker's own text about the product
 * (`editorialReviews`: a book's blurbs, its author, an excerpt), not its buyers' reviews.
 */
const EDITORIAL_NAME_WORDS = new Set(['editorial']);
/** True when `element`'s class or id names the publisher's own text about the product ({@link EDITORIAL_NAME_WORDS}). */
export function isEditorialSection(element: Element): boolean {
  return namesEditorial(classAndIdWords(element));
}

function namesEditorial(words: readonly string[]): boolean {
  return words.some((word) => EDITORIAL_NAME_WORDS.has(word));
}

/** A section's heading that names the product's own section starts with one of these. */
const PRODUCT_SECTION_HEADINGS = [
  ...['description', 'product description', 'details', 'product details', 'specifications'],
  ...['specs', 'tech specs', 'technical specifications', 'features', 'key features', 'materials'],
  ...['ingredients', 'dimensions', 'how to use', 'frequently asked questions', 'faq', 'faqs'],
  ...['about this item', 'about the product', 'overview', 'product information'],
];
/** A section's heading says at most this many words. */
const MAX_HEADING_WORDS = 4;

/**
 * True when `element` is a section of the product's own, by its class or id (`product-description`,
 * `woocommerce-tabs`, `ProductDetails`) or by the heading it opens with ("Specifications", "How to
 * use", "Frequently asked questions"), and nothing in its name says reviews, other products or a
 * sign-up; a section its class or id names editorial (the publisher's reviews of a book, its author)
 * is the product's whatever else its name says.
 */
export function isProductSection(element: Element): boolean {
  const words = classAndIdWords(element);
  if (namesEditorial(words)) return true;
  if (words.some((word) => OTHER_SECTION_NAME_WORDS.has(word))) return false;
  if (words.some((word) => PRODUCT_SECTION_NAME_WORDS.has(word))) return true;
  const heading = element.querySelector('h1, h2, h3, h4');
  if (heading === null) return false;
  const headingWords = lowerCaseWords(visibleTextOf(heading));
  if (headingWords.length === 0 || headingWords.length > MAX_HEADING_WORDS) return false;
  // The heading must open the section: no text of the section stands before it.
  const opening = (text: string) => text.trim().toLowerCase();
  if (!opening(visibleTextOf(element)).startsWith(opening(visibleTextOf(heading)))) return false;
  const headingText = headingWords.join(' ');
  return PRODUCT_SECTION_HEADINGS.some(
    (start) => headingText === start || headingText.startsWith(`${start} `),
  );
}

/** A product's name of fewer words says too little to find its sections by: `Pro`. */
const MIN_NAME_WORDS = 2;

/**
 * A test of a section that says the product's name in its own words (a maker's page builder lays
 * out "Meet the most refined version of the Ridge Wallet" below the buy box, in sections it names
 * only by number), shows no price (another product's card) and is not named for reviews or other
 * products; never true for a name under two words.
 */
function namesProduct(name: string | undefined): (element: Element) => boolean {
  const words = lowerCaseWords(name ?? '');
  if (words.length < MIN_NAME_WORDS) return () => false;
  const phrase = ` ${words.join(' ')} `;
  return (element) => {
    if (classAndIdWords(element).some((word) => OTHER_SECTION_NAME_WORDS.has(word))) return false;
    const text = visibleTextOf(element);
    return ` ${lowerCaseWords(text).join(' ')} `.includes(phrase) && countPrices(text, 1) === 0;
  };
}

/**
 * The product's own block of a page taken together with the product's own sections that follow it
 * (below the buy box, at any depth up to `region`): the description, details, specifications,
 * materials and questions about the product a shop lays out after its name and price, without the
 * reviews, other products and sign-ups between or after them. The block itself when none follows;
 * else a new element, put where the block stood, holding the block and those sections in page order
 * (moved into it: call it on the fresh parse the region was read from).
 */
export function withFollowingProductSections(block: Element, region: Element, name?: string): Element {
  const sections: Element[] = [];
  const named = namesProduct(name);
  for (
    let current: Element | null = block;
    current !== null && current !== region;
    current = current.parentElement
  ) {
    for (let next = current.nextElementSibling; next !== null; next = next.nextElementSibling) {
      if (isProductSection(next) || named(next)) sections.push(next);
    }
  }
  if (sections.length === 0) return block;
  const joined = block.ownerDocument.createElement('div');
  block.before(joined);
  joined.append(block, ...sections);
  return joined;
}
