import { isSignatureName } from './boilerplate-patterns.js';
import { isConsentBox } from './consent-box.js';
import { nodesUnder } from './dom-walk.js';
import { dropModalDialogs } from './modal-dialog.js';
import { withFollowingProductSections } from './product-sections.js';
import { classAndIdNames } from './element-names.js';
import { isInvisible, visibleTextOf } from './visible-text.js';
import { countWordCharacters, lowerCaseWords } from './word-characters.js';

/** Elements that are a page's chrome wherever they stand outside an `<article>`. */
const CHROME_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'dialog', 'menu']);
/** ARIA landmarks and widgets that are chrome. */
const CHROME_ROLES = new Set([
  ...['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar'],
  ...['dialog', 'alertdialog', 'tooltip'],
]);
/** Words of a class or id (split at `-` and `_`) that name chrome. */
const CHROME_NAME_WORDS = new Set([
  ...['nav', 'navbar', 'navigation', 'menu', 'menubar', 'breadcrumb', 'breadcrumbs', 'sidebar'],
  ...['cookie', 'cookies', 'consent', 'gdpr', 'modal', 'popup', 'newsletter', 'masthead', 'skip'],
  ...['offcanvas', 'drawer', 'megamenu', 'topbar', 'toolbar', 'footer'],
]);
/** A chrome-named element holding more than this share of the region's text is the content's wrapper. */
const MAX_CHROME_SHARE = 0.35;
/** A `<main>` holding at least this share of the body's text is the page's main region. */
const MIN_MAIN_SHARE = 0.2;
const TEXT_NODE = 3;

/** The main region of a page and how much text it holds. */
export interface MainRegion {
  element: Element;
  /** Letters and digits a reader sees in the region once its chrome is removed. */
  characters: number;
  /**
   * The share of those held by the largest run of repeated items: at least three siblings of one
   * tag and class (posts, product cards, listing entries) each with a line's worth of text.
   */
  repeatedShare: number;
}

/**
 * The page's main region, the way a reader finds it on a page that is not an article (a product,
 * a listing, a forum thread, a service page): the `<main>` (or `role=main`) element when it holds
 * a fair share of the page's text, else the body; with its chrome removed in place: navigation,
 * headers, footers, asides and dialogs outside an `<article>`, ARIA landmarks that are not the
 * content (navigation, banner, contentinfo, complementary, search), and elements whose class or id
 * names a menu, breadcrumb, sidebar, cookie banner, modal, newsletter box, the page's footer or a forum poster's
 * signature (but not one that holds the `<main>`: a layout's wrapper), unless such an element holds most of the region's text (a template that names the
 * content's wrapper `has-sidebar`; a page's own header, navigation or footer goes whatever it
 * holds, {@link isLandmarkChrome}). The page's modal dialogs go first, whatever they hold
 * ({@link dropModalDialogs}). Changes the document: call it on a fresh parse.
 */
export function readMainRegion(document: Document): MainRegion | null {
  const body = document.body as Element | null;
  if (body === null) return null;
  dropModalDialogs(body);
  const bodyCharacters = textCharacters(body);
  const mains = Array.from(body.querySelectorAll('main, [role="main"]'));
  const main = mains
    .map((element) => ({ element, characters: textCharacters(element) }))
    .sort((a, b) => b.characters - a.characters)[0];
  const region = main && main.characters >= MIN_MAIN_SHARE * bodyCharacters ? main.element : body;
  const regionCharacters = region === body ? bodyCharacters : (main?.characters ?? 0);
  for (const element of chromeOf(region)) {
    if (!element.isConnected) continue;
    const large = textCharacters(element) > MAX_CHROME_SHARE * regionCharacters;
    if (large && !isConsentBox(element) && !isLandmarkChrome(element)) continue;
    element.remove();
  }
  const characters = textCharacters(region);
  return {
    element: region,
    characters,
    repeatedShare: characters === 0 ? 0 : repeatedItems(region) / characters,
  };
}

/** Tags of a page's own landmarks around its content: its header, navigation and footer. */
const LANDMARK_TAGS = new Set(['header', 'nav', 'footer']);

/**
 * True when `element` is the page's header, navigation or footer by its tag or role (not by a
 * class name, which a template may give its content's wrapper) and holds no heading of the page,
 * main landmark or article: chrome however much it says (a shop's header lists every department
 * of its catalogue, and outweighs a product's short page).
 */
function isLandmarkChrome(element: Element): boolean {
  const role = element.getAttribute('role')?.trim().toLowerCase();
  const landmark =
    LANDMARK_TAGS.has(element.localName) ||
    role === 'navigation' ||
    role === 'banner' ||
    role === 'contentinfo';
  return landmark && element.querySelector('h1, main, [role="main"], article') === null;
}

/** Tags whose repeated siblings are items (a post, a card, an entry), not paragraphs of prose. */
const ITEM_TAGS = new Set(['div', 'article', 'section', 'li', 'tr', 'dl', 'table']);
/** A run of repeated items has at least this many, each with at least this many letters and digits. */
const MIN_ITEMS = 3;
const MIN_ITEM_CHARACTERS = 40;

/**
 * The share of `element`'s text held by its largest run of repeated items of one tag and class
 * (at least three, each with a line's worth of text; {@link MainRegion.repeatedShare}), items
 * without a class left out: a run of cards, posts or a playlist's clips, not an article's bullet list.
 */
export function classedItemsShare(element: Element): number {
  const characters = textCharacters(element);
  return characters === 0 ? 0 : repeatedItems(element, { classed: true }) / characters;
}

/**
 * Letters and digits of the largest run of repeated items under `region`; `classed` leaves out
 * items without a class (a plain `<li>`).
 */
function repeatedItems(region: Element, { classed = false } = {}): number {
  let largest = 0;
  // The region's own children too: a thread's posts may stand right under its `role=main`.
  const parents = [region, ...nodesUnder(region, 'elements', isInvisible)];
  for (const node of parents) {
    const parent = node as Element;
    if (parent.childElementCount < MIN_ITEMS) continue;
    const groups = new Map<string, number[]>();
    for (const child of Array.from(parent.children)) {
      if (!ITEM_TAGS.has(child.localName)) continue;
      const className = itemClassKey(child.getAttribute('class'));
      if (className === '' && child.localName !== 'article' && (classed || child.localName !== 'li'))
        continue;
      const key = `${child.localName}.${className}`;
      const sizes = groups.get(key) ?? [];
      sizes.push(textCharacters(child));
      groups.set(key, sizes);
    }
    for (const sizes of groups.values()) {
      const items = sizes.filter((size) => size >= MIN_ITEM_CHARACTERS);
      if (items.length < MIN_ITEMS) continue;
      largest = Math.max(
        largest,
        items.reduce((sum, size) => sum + size, 0),
      );
    }
  }
  return largest;
}

/** Classes a template gives every other row of one list (`odd`, `even`, `alt`), or its first or last. */
const ROW_PLACE_CLASSES = new Set(['odd', 'even', 'alt', 'first', 'last']);

/**
 * What the classes of an item say about its kind, the same for every item of one list: the
 * classes without their digits (phpBB's alternating `bg1` / `bg2`, a post's own `post-4398`) and
 * without the classes of a row's place (`odd`, `even`).
 */
export function itemClassKey(className: string | null): string {
  const classes = (className ?? '').trim().split(/\s+/);
  return classes
    .map((name) => name.replace(/\d+/g, ''))
    .filter((name) => name !== '' && !ROW_PLACE_CLASSES.has(name.toLowerCase()))
    .sort()
    .join('.');
}

/** The chrome elements under `region`, outermost first (their descendants are not listed). */
function chromeOf(region: Element): Element[] {
  const found: Element[] = [];
  let inside: Element | null = null;
  for (const node of nodesUnder(region, 'elements', () => false)) {
    const element = node as Element;
    if (inside !== null && inside.contains(element)) continue;
    inside = null;
    if (isChrome(element)) {
      found.push(element);
      inside = element;
    }
  }
  return found;
}

function isChrome(element: Element): boolean {
  const tag = element.localName;
  if (tag === 'main' || tag === 'article' || tag === 'body') return false;
  if (CHROME_TAGS.has(tag)) return element.closest('article') === null;
  if (!element.hasAttributes()) return false;
  const role = element.getAttribute('role');
  if (role !== null && CHROME_ROLES.has(role.trim().toLowerCase())) return true;
  const named = classAndIdNames(element).some(
    (name) =>
      isSignatureName(name) ||
      name
        .toLowerCase()
        .split(/[_-]+/)
        .some(
          (word, index, words) =>
            CHROME_NAME_WORDS.has(word) &&
            !LAYOUT_MODIFIERS.has(words[index - 1] ?? '') &&
            !(word === 'footer' && NOT_PAGE_FOOTER.has(words[index - 1] ?? '')),
        ),
  );
  // A wrapper of the page's main landmark is its layout, whatever its name says (a template's
  // `content-sidebar-wrap` holds the `<main>` and the sidebar beside it): no chrome holds the content.
  return named && element.querySelector('main, [role="main"]') === null;
}

/**
 * Words before a chrome word that make the name a layout's, not chrome's: `node-no-sidebar`,
 * `has-sidebar`, `with-menu` name the content's wrapper by what the layout has beside it.
 */
const LAYOUT_MODIFIERS = new Set(['no', 'has', 'with', 'without']);

/**
 * Words before `footer` that make it a part's foot or the layout's, not the page's footer: a card's,
 * post's or product's footer holds its date, author or price (`card-footer`, `entry-footer`), and a
 * "sticky footer" layout's wrapper (`sticky-footer`, `flex-wrap-footer`, `wsite-not-footer`) holds the
 * content it pushes the footer under.
 */
const NOT_PAGE_FOOTER = new Set([
  ...['card', 'entry', 'post', 'article', 'item', 'product', 'panel', 'tile', 'teaser', 'story'],
  ...['comment', 'list', 'table', 'section', 'block', 'content', 'widget', 'form', 'gform', 'prices'],
  ...['sticky', 'wrap', 'not', 'before'],
]);

/** Letters and digits of the text a reader sees under `root`. */
function textCharacters(root: Element): number {
  let characters = 0;
  for (const node of nodesUnder(root, 'elements and text', isInvisible)) {
    if (node.nodeType === TEXT_NODE) characters += countWordCharacters((node as Text).data);
  }
  return characters;
}

/** Words of the product's name and description looked for in the region. */
const PRODUCT_PROBE_WORDS = 8;

/** A product's block holding less than this share of the page's reading is a fragment of it. */
const FRAGMENT_SHARE = 0.5;

/** What {@link narrowToProduct} looks for. */
export interface ShownProduct {
  name: string | undefined;
  description: string | undefined;
  /**
   * Letters and digits the page's reading already holds: a block holding under half as many is a
   * fragment of the product (its hero, its heading), not its block.
   */
  readCharacters?: number;
}

/**
 * The product's own block of a product page's main region: the deepest element that holds both
 * the product's name and the first words of its description (as its JSON-LD gives them; a
 * description that opens with the name is probed after it), with the product's own sections that
 * follow it ({@link withFollowingProductSections}: description, details, specifications), without
 * the reviews, other products and shop policies around it; or the region unchanged when the page
 * does not show both (a description written only for search engines, or only the name again), or
 * when the block holds under half the page's reading (`readCharacters`): a heading and its
 * tagline hold a name and a description's opening too.
 */
export function narrowToProduct(region: MainRegion, product: ShownProduct): MainRegion {
  const probes = productProbes(product);
  if (probes === null) return region;
  const holdsBoth = (element: Element): boolean => {
    if (isInvisible(element)) return false;
    const text = lowerCaseWords(visibleTextOf(element)).join(' ');
    return probes.every((probe) => text.includes(probe));
  };
  if (!holdsBoth(region.element)) return region;
  let block = region.element;
  for (;;) {
    const inner = Array.from(block.children).find(holdsBoth);
    if (inner === undefined) break;
    block = inner;
  }
  if (block === region.element) return region;
  const withSections = withFollowingProductSections(block, region.element, product.name);
  const characters = textCharacters(withSections);
  if (characters < FRAGMENT_SHARE * (product.readCharacters ?? 0)) return region;
  return { element: withSections, characters, repeatedShare: 0 };
}

/**
 * The opening words of the product's name and of its description, the description's taken after
 * the name when it repeats it first ("AirPods Pro 3 — The world's best…"); null when either is
 * empty (a description that is only the name tells nothing more).
 */
function productProbes(product: ShownProduct): [string, string] | null {
  const name = lowerCaseWords(product.name ?? '');
  let description = lowerCaseWords(product.description ?? '');
  if (name.length > 0 && name.every((word, index) => description[index] === word)) {
    description = description.slice(name.length);
  }
  const probes: [string, string] = [
    name.slice(0, PRODUCT_PROBE_WORDS).join(' '),
    description.slice(0, PRODUCT_PROBE_WORDS).join(' '),
  ];
  return probes.some((probe) => probe === '') ? null : probes;
}
