import { classAndIdNames } from './element-names.js';
import { nodesUnder } from './dom-walk.js';
import { isInvisible, visibleTextOf } from './visible-text.js';
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
  /** Every `<h1>` of the page, in page order. */
  headings: readonly Element[];
}

/**
 * What says a page sells one product: its JSON-LD, its microdata, its Open Graph type, or only its
 * heading's name ({@link namesProductHeading}).
 */
export type ProductSign = 'json-ld' | 'microdata' | 'og:type' | 'heading';

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
  if (input.headings.some(namesProductHeading)) return 'heading';
  return undefined;
}

/** A class or id naming the product's title: `productTitle`, `product-title`, `product__name`. */
const PRODUCT_TITLE_NAME = /product[-_]{0,2}(?:title|name)/i;
/** How far above an `<h1>` its template's wrapper may name it: `<div class="product-title"><h1>`. */
const TITLE_WRAPPER_LEVELS = 2;

/**
 * True when a page's `<h1>` is named the product's title, on itself, inside it or on a close wrapper
 * (`<h1 id="title"><span id="productTitle">`): a shop's template for one product, though its page
 * declares nothing (a marketplace's item pages carry no JSON-LD, microdata or `og:type`). A
 * category's heading names its category, a service's its service; on the dev pages of WCXB this
 * name headed 22 of 66 product pages and no page of another kind.
 */
function namesProductHeading(heading: Element): boolean {
  if (visibleTextOf(heading).trim() === '') return false;
  const named = (element: Element): boolean =>
    classAndIdNames(element).some((name) => PRODUCT_TITLE_NAME.test(name));
  if (named(heading) || Array.from(heading.querySelectorAll('[class], [id]')).some(named)) return true;
  let wrapper = heading.parentElement;
  for (let level = 0; wrapper !== null && level < TITLE_WRAPPER_LEVELS; level += 1) {
    if (named(wrapper)) return true;
    wrapper = wrapper.parentElement;
  }
  return false;
}

/** A shop's controls for buying: its buttons (add to cart, a size or colour to pick) and drop-down lists. */
const PURCHASE_CONTROLS = 'button, select';
/** A control for buying says at most this many words: "Add to shopping cart". */
const MAX_CONTROL_WORDS = 4;
/** A variant's choice names it in at most this many words: "Black/Anthracite/Dark Smoke Grey". */
const MAX_CHOICE_WORDS = 8;
/** Choices of one option (a size, a colour): radio buttons, native or drawn by scripts. */
const CHOICES = 'input[type="radio" i], [role="radio"]';
/** A run of pictures (a gallery's thumbnails, a picker's swatches) has at least this many. */
const MIN_PICTURES = 3;

/**
 * Removes from a product page's content (read from the page, after the reading) its controls for
 * buying: "Add to bag", the sizes to pick, a quantity's list, and the runs of pictures without text
 * (a gallery's thumbnails, a colour picker's swatches, whose descriptions repeat the product's name
 * or name its variants). A reader
 * reads the product's name, price, description and specifications; the controls are the shop's.
 * Removed after the page is read, not before: a reading weighs the page as its template built it.
 */
export function dropPurchaseControls(content: Element): void {
  for (const control of Array.from(content.querySelectorAll(PURCHASE_CONTROLS))) {
    // A button that says a sentence is a question's toggle (an FAQ), not a control for buying.
    if (control.localName === 'button' && lowerCaseWords(visibleTextOf(control)).length > MAX_CONTROL_WORDS)
      continue;
    control.remove();
  }
  dropPictureRuns(content);
}

/**
 * Removes from a product page (before it is read: Readability drops inputs and would leave their
 * labels, now unexplained) its radio buttons and their labels (the label around one, or the label
 * `for` it): a size, colour or pack to pick, the shop's control as much as its drop-down list. A
 * label that says more than a variant's name (a sentence) stays.
 */
export function dropVariantChoices(content: Element): void {
  // A template may draw one picker twice (the page's and a back-in-stock dialog's), with the same ids.
  const labelsFor = new Map<string, Element[]>();
  for (const label of Array.from(content.querySelectorAll('label[for]'))) {
    const id = label.getAttribute('for') ?? '';
    labelsFor.set(id, [...(labelsFor.get(id) ?? []), label]);
  }
  const pickers = new Set<Element>();
  for (const choice of Array.from(content.querySelectorAll(CHOICES))) {
    if (!content.contains(choice)) continue;
    const id = choice.getAttribute('id');
    const around = choice.closest('label');
    const labels = around === null ? (id === null ? [] : (labelsFor.get(id) ?? [])) : [around];
    // A choice drawn by scripts (`role="radio"`) says its name itself.
    const names = labels.length > 0 || choice.localName === 'input' ? labels : [choice];
    if (names.some((name) => lowerCaseWords(visibleTextOf(name)).length > MAX_CHOICE_WORDS)) continue;
    const picker = choice.closest('fieldset');
    if (picker !== null) pickers.add(picker);
    for (const label of labels) label.remove();
    choice.remove();
  }
  // A picker left with only its legend ("Select a size") goes with its choices.
  for (const picker of pickers) {
    const legend = picker.querySelector('legend');
    if (visibleTextOf(picker).trim() === (legend === null ? '' : visibleTextOf(legend).trim()))
      picker.remove();
  }
}

/**
 * Removes runs of pictures that say nothing but their image's description: at least three children
 * of one element that each hold an image and no text. A product's gallery and its swatches repeat
 * its name ("Cast Iron Skillet, 2 of 7") or list its variants ("slate option"); a picture with a
 * caption says something and stays.
 */
function dropPictureRuns(content: Element): void {
  const runs: Element[][] = [];
  for (const node of nodesUnder(content, 'elements', isInvisible)) {
    const parent = node as Element;
    if (parent.childElementCount < MIN_PICTURES) continue;
    const pictures = Array.from(parent.children).filter(isBarePicture);
    if (pictures.length >= MIN_PICTURES) runs.push(pictures);
  }
  for (const run of runs) for (const picture of run) picture.remove();
}

function isBarePicture(element: Element): boolean {
  if (element.localName !== 'img' && element.querySelector('img') === null) return false;
  return visibleTextOf(element).trim() === '';
}
