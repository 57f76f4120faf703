import { isEditorialSection } from './product-sections.js';
import { classAndIdNames } from './element-names.js';
import { nodesUnder } from './dom-walk.js';
import { countPrices } from './catalogue.js';
import { isInvisible, visibleTextOf } from './visible-text.js';
import { countWordCharacters } from './word-characters.js';
import { HEADING_SELECTOR, isHeadingTag } from './heading-tags.js';

/**
 * A product page's blocks that are not its product: the shop's other products (related, similar,
 * recently viewed, bought together, accessories, the seller's other items) and its customers'
 * reviews and ratings. A reader of a product page reads the product's name, price, description and
 * specifications; these blocks sit beside them in the same main region, under the same template.
 */

/** A class or id token naming a block of other products or of reviews: `product-related-products`, `js-product-reviews-preview`. */
const OTHER_PRODUCTS_NAME =
  /(?:^|[-_])(?:related|similar|recommend(?:ed|ations?)?|recently[-_]?viewed|upsells?|cross[-_]?sells?|crosssells?|alternative[-_]products|also[-_]?(?:bought|viewed)|reviews?|ratings?)(?:$|[-_])/i;

/** Blocks of testimonials: `testimonial-wr`, `home-testimonial`. */
const TESTIMONIALS = '[class*="testimonial" i], [id*="testimonial" i]';

/** The heading of a block of other products: "Customers who viewed this item also viewed", "You may also like". */
const OTHER_PRODUCTS_HEADING = new RegExp(
  [
    String.raw`\b(?:customers|people|shoppers) (?:who )?(?:also |frequently |often )?(?:viewed|bought|purchased)\b`,
    String.raw`\byou (?:may|might|will) (?:also )?(?:like|love|need)\b`,
    String.raw`\b(?:similar|related|recommended|sponsored|matching) (?:items|products|searches|brands)\b`,
    String.raw`\bproducts related to\b`,
    String.raw`\bfrequently bought together\b`,
    String.raw`\brecently viewed\b`,
    String.raw`\bexplore related\b`,
    String.raw`\bother items\b`,
    String.raw`\bcomplete (?:your|the) (?:order|look)\b`,
    String.raw`\baccessories (?:&|and) (?:matching|related)\b`,
    String.raw`\brecommended accessories\b`,
    String.raw`\bmore to explore\b`,
    String.raw`^bundles? (?:&|and) (?:offers|save)\b`,
    String.raw`\bshop similar\b`,
    String.raw`\boften (?:viewed|bought|purchased)\b`,
    String.raw`\bhow about these\b`,
    String.raw`^more from\b`,
    String.raw`\bsponsored by\b`,
    String.raw`^(?:our |more )?recommendations\b`,
    String.raw`^(?:featured|popular|trending|top|best[- ]?selling) (?:products|items)\b`,
    String.raw`\bpopular products (?:in|this)\b`,
    String.raw`^consider these\b`,
    String.raw`^shop the (?:look|collection|range)\b`,
  ].join('|'),
  'i',
);

/** The heading of a block of reviews: "Customer reviews", "10 Customer ratings", "Reviews (1)". */
const REVIEWS_HEADING =
  /^(?:\d[\d,.]*\s+)?(?:customer |user |product |top |verified |guest )?(?:reviews?|ratings?)\b(?!.{40})/i;

/** A block holding more than this share of the region's text is the product's own (its wrapper). */
const MAX_BLOCK_SHARE = 0.5;

/** Elements that head a block: headings, and elements a template names a title or headline. */
const TITLE_NAME = /(?:^|[-_])(?:title|headline|heading)(?:$|[-_])/i;
/** A heading is at most this many characters. */
const MAX_HEADING_LENGTH = 80;

/**
 * Removes from a product page's region (`root`, a fresh parse the caller owns) the blocks of other
 * products and of reviews: elements whose class or id names them, and blocks headed by such a
 * heading (the heading's outermost container that begins with it; a heading first in no container
 * takes its following siblings up to the next heading), and runs of linked, priced product cards
 * while they are the lesser part. A block that holds the page's `<h1>` (the product's name) or more
 * than half the region's text (a named block only: a headed one begins with its heading, and a
 * marketplace's other items can outweigh its item) is the product's and stays. Returns the number
 * of blocks removed.
 */
export function dropOtherProducts(root: Element): number {
  const found: Element[] = [];
  for (const node of nodesUnder(root, 'elements', () => false)) {
    const element = node as Element;
    if (!(isNamedOtherProducts(element) || isOtherProductsHeading(element))) continue;
    // The publisher's blurbs ("Review", "From the critics") in its editorial section are its text.
    if (!withinEditorialSection(element, root)) found.push(element);
  }
  const rootCharacters = countWordCharacters(visibleTextOf(root));
  const holdsName = (block: Element): boolean =>
    block.localName === 'h1' || block.querySelector('h1') !== null;
  // A named block may be the product's wrapper (`product-reviews-enabled`); a headed block begins
  // with its heading, and on a marketplace's page the other products can outweigh the product.
  const isNamedProducts = (block: Element): boolean =>
    !holdsName(block) && countWordCharacters(visibleTextOf(block)) <= MAX_BLOCK_SHARE * rootCharacters;
  // Each block is found on the page as it is: once one is gone, the next heading would begin, and
  // take, the container the two shared (a river of items above the item's own details).
  const sections = found.flatMap((element) => {
    const unmarked = isUnmarkedHeading(element);
    if (!isHeading(element) && !unmarked) return isNamedProducts(element) ? [[element]] : [];
    const blocks = sectionOf(element, root);
    if (blocks.some(holdsName)) return [];
    // A paragraph is a weaker heading than a heading: its block must also be the lesser part.
    return unmarked && !blocks.every(isNamedProducts) ? [] : [blocks];
  });
  let removed = 0;
  for (const blocks of sections) {
    if (!blocks.every((block) => root.contains(block))) continue;
    for (const block of blocks) block.remove();
    removed += 1;
  }
  return removed + dropProductCards(root);
}

/** A run of other products has at least this many cards. */
const MIN_CARDS = 3;

/**
 * Removes the runs of product cards: at least three siblings of one tag and class that each link
 * somewhere and show a price (the shop's other products, sponsored items, the seller's other
 * listings). A product page's own blocks (its description, specifications, variants) do not each
 * link away with a price.
 */
function dropProductCards(root: Element): number {
  const runs: Element[][] = [];
  for (const node of nodesUnder(root, 'elements', isInvisible)) {
    const parent = node as Element;
    if (parent.childElementCount < MIN_CARDS) continue;
    const groups = new Map<string, Element[]>();
    for (const child of Array.from(parent.children)) {
      const key = `${child.localName}.${child.getAttribute('class') ?? ''}`;
      const group = groups.get(key) ?? [];
      group.push(child);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      if (group.length >= MIN_CARDS && group.every(isProductCard)) runs.push(group);
    }
  }
  // Cards that are most of the page are its content: a category page that names a Product.
  const cards = runs
    .flat()
    .filter((card) => !runs.flat().some((other) => other !== card && other.contains(card)));
  const cardCharacters = cards.reduce((sum, card) => sum + countWordCharacters(visibleTextOf(card)), 0);
  if (cardCharacters > MAX_BLOCK_SHARE * countWordCharacters(visibleTextOf(root))) return 0;
  let removed = 0;
  for (const run of runs) {
    if (!run.every((card) => root.contains(card))) continue;
    for (const card of run) card.remove();
    removed += 1;
  }
  return removed;
}

function isProductCard(element: Element): boolean {
  if (element.localName !== 'a' && element.querySelector('a[href]') === null) return false;
  return countPrices(visibleTextOf(element), 1) === 1;
}

function withinEditorialSection(element: Element, root: Element): boolean {
  for (let node: Element | null = element; node !== null && node !== root; node = node.parentElement) {
    if (isEditorialSection(node)) return true;
  }
  return false;
}

function isNamedOtherProducts(element: Element): boolean {
  if (!classAndIdNames(element).some((name) => OTHER_PRODUCTS_NAME.test(name))) return false;
  // A business's testimonials are its page's content (a service's customers quoted), not reviews of a product.
  return element.closest(TESTIMONIALS) === null;
}

function isHeading(element: Element): boolean {
  if (isHeadingTag(element)) return true;
  const className = element.getAttribute('class') ?? '';
  return className.split(/\s+/).some((name) => TITLE_NAME.test(name));
}

function isOtherProductsHeading(element: Element): boolean {
  if (isUnmarkedHeading(element)) return true;
  if (element.localName === 'h1' || !isHeading(element)) return false;
  const text = textOf(element);
  if (text === '' || text.length > MAX_HEADING_LENGTH) return false;
  return OTHER_PRODUCTS_HEADING.test(text) || REVIEWS_HEADING.test(text);
}

/** A heading drawn as a paragraph has at most this many words. */
const UNMARKED_HEADING_WORDS = 8;
/** Elements a template draws a heading with when it marks none (`<p class="chakra-text">`). */
const UNMARKED_HEADING_TAGS = new Set(['p', 'div', 'span', 'strong', 'b']);

/**
 * A heading of other products drawn as plain text: a paragraph or box with no element inside, the
 * first child of its block, a few words with no closing stop, worded as other products ("Frequently
 * Bought Together"). Only the other products' wording counts: a paragraph beginning "Reviews" may be
 * the product's text.
 */
function isUnmarkedHeading(element: Element): boolean {
  if (!UNMARKED_HEADING_TAGS.has(element.localName) || element.childElementCount > 0) return false;
  if (element.parentElement?.firstElementChild !== element) return false;
  const text = textOf(element);
  // A heading's few words, not a sentence that mentions "other items".
  if (text === '' || text.split(' ').length > UNMARKED_HEADING_WORDS || /[.!?,;]$/.test(text)) return false;
  return OTHER_PRODUCTS_HEADING.test(text);
}

/**
 * The block a heading heads: its outermost ancestor (below `root`) whose text begins with the
 * heading's and that holds no other heading of its rank; or, when no container begins with it, the
 * heading and its following siblings up to the next heading.
 */
export function sectionOf(heading: Element, root: Element): Element[] {
  const text = textOf(heading);
  const rank = headingRank(heading);
  const peers = Array.from(root.querySelectorAll(HEADING_SELECTOR)).filter(
    (other) => other !== heading && headingRank(other) <= rank && other.closest(DIALOG) === null,
  );
  let block = heading;
  for (let parent = block.parentElement; parent !== null && parent !== root; parent = parent.parentElement) {
    if (!textOf(parent).startsWith(text)) break;
    // A container holding another heading of its rank holds that heading's section too.
    if (peers.some((other) => parent.contains(other))) break;
    block = parent;
  }
  if (block !== heading) return [block];
  const section = [heading];
  for (let next = heading.nextElementSibling; next !== null; next = next.nextElementSibling) {
    if (isHeading(next) || next.querySelector(HEADING_SELECTOR) !== null) break;
    section.push(next);
  }
  return section;
}

/** Where a heading heads no section of the page: a dialog (a card's "Why you're seeing this ad"). */
const DIALOG = 'dialog, [role="dialog"], [role="alertdialog"]';

/** 1 for `<h1>` … 6 for `<h6>`; 6 for an element named a title (it ranks with the lowest). */
function headingRank(element: Element): number {
  const level = /^h([1-6])$/.exec(element.localName)?.[1];
  return level === undefined ? 6 : Number(level);
}

function textOf(element: Element): string {
  return visibleTextOf(element).replace(/\s+/g, ' ').trim();
}
