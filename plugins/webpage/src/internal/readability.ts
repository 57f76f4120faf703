import { Readability } from '@mozilla/readability';
import { withoutBuilderBlockNames } from './builder-blocks.js';
import { nodesUnder } from './dom-walk.js';
import { noteHeadedSections, takeSiblingSections } from './headed-sections.js';
import { linkDensity } from './link-density.js';
import { isCodeTabPanel } from './tab-panel.js';
import { isSightedCopy } from './screen-reader-text.js';
import { hasNonSpaceText } from './visible-text.js';

/**
 * What a Readability reading gives: the article, or null. Its `content` is the article's element
 * itself, not its HTML: the markdown step reads the DOM Readability left (serializing it and
 * parsing the HTML again cost a tenth of a page's conversion).
 */
export type Article = NonNullable<ReturnType<Readability<Element>['parse']>>;

/** The Readability methods replaced (internals of @mozilla/readability 0.6). */
interface ReplacedChecks {
  REGEXPS: { byline: RegExp; hashUrl: RegExp; unlikelyCandidates: RegExp };
  _getLinkDensity(element: Element): number;
  _getClassWeight: (this: ReplacedChecks, element: { className: unknown; id: unknown }) => number;
  _getAllNodesWithTag(node: Document | Element, tagNames: string[]): ArrayLike<Element>;
  _hasAncestorTag: (
    this: ReplacedChecks,
    node: Element,
    tagName: string,
    maxDepth?: number,
    filter?: unknown,
  ) => boolean;
  _isValidByline(node: Element, matchString: string): boolean;
  _isProbablyVisible: (this: ReplacedChecks, node: Element) => boolean;
  _isElementWithoutContent: (this: ReplacedChecks, node: Element) => boolean;
  _prepArticle: (this: ReplacedChecks, articleContent: Element) => void;
}

/**
 * Reads the article of a page with Readability, keeping class names (the converter reads code
 * languages from them). Readability's byline check measures the text of every element it visits
 * before it looks at the element's names, which makes it quadratic on deep pages without a meta
 * byline (a tenth of the reading's time on the corpus). The check is replaced by the same test in
 * the cheap order: the names first, the text length only for an element they name a byline. Its
 * visibility check reads every element's `style`, which linkedom builds anew on each read: it is
 * read only for an element with a `style` attribute (without one, display and visibility are
 * unset, and Readability sets no style itself). Its empty-element check trims the `textContent` of
 * every element it visits: an element with text is told apart by walking to its first text that
 * is not white space instead. Its link density measures texts with their white space runs
 * collapsed, by building the collapsed text: the same length is counted without building it.
 * It finds elements by tag through `querySelectorAll`, which linkedom answers by matching every
 * element against the selector with css-select: a walk comparing tag names finds the same
 * elements in the same order. Given `reread` (the same page parsed and marked again), the body's
 * HTML is not kept for a second attempt; a page that needs one is read again from `reread()`.
 * An element whose class or id names a pop-up panel ({@link isPopupByName}) counts as hidden; a tab
 * panel of code samples ({@link isCodeTabPanel}) counts as shown, though only its tab shows it.
 * The headed sections Readability leaves beside a section it picked join its article
 * ({@link takeSiblingSections}).
 */
export function readWithReadability(document: Document, reread?: () => Document): Article | null {
  if (reread === undefined) return parse(document, 'kept');
  try {
    return parse(document, 'not kept');
  } catch (error) {
    if (!(error instanceof PageNotKept)) throw error;
    return parse(reread(), 'kept');
  }
}

/** What Readability reads as the body's HTML when {@link readWithReadability} does not keep it. */
const PAGE_NOT_KEPT = '<!-- transmute: the page was not kept -->';

/** Readability set the body back to the HTML it kept, which was not kept. */
class PageNotKept extends Error {}

/**
 * Watches Readability reset the body to the HTML it kept, to start again when its first reading
 * found too little (4 % of real pages): `onReset` runs after the body is rebuilt, every element
 * new. With `'not kept'`, serializing every body costs more than reading those few pages again:
 * the copy is not made, and the reset throws {@link PageNotKept}. Returns the undoing.
 */
function watchPageReset(body: HTMLElement, copy: 'kept' | 'not kept', onReset: () => void): () => void {
  const own = innerHtmlOf(body);
  if (copy === 'kept' && own === undefined) return () => undefined;
  Object.defineProperty(body, 'innerHTML', {
    configurable: true,
    get: () => (copy === 'kept' && own !== undefined ? own.get.call(body) : PAGE_NOT_KEPT),
    set: (html: string) => {
      if (copy === 'not kept' || own === undefined) throw new PageNotKept();
      own.set.call(body, html);
      onReset();
    },
  });
  return () => delete (body as { innerHTML?: string }).innerHTML;
}

/** The DOM's own `innerHTML` accessor. */
interface InnerHtmlAccessor {
  get: (this: Element) => string;
  set: (this: Element, html: string) => void;
}

/** The DOM's own `innerHTML` accessor of an element (on its prototype chain). */
function innerHtmlOf(element: Element): InnerHtmlAccessor | undefined {
  let proto = Object.getPrototypeOf(element) as object | null;
  for (; proto !== null; proto = Object.getPrototypeOf(proto) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'innerHTML');
    if (descriptor === undefined) continue;
    const { get, set } = descriptor as Partial<InnerHtmlAccessor>;
    return get === undefined || set === undefined ? undefined : { get, set };
  }
  return undefined;
}

function parse(document: Document, copy: 'kept' | 'not kept'): Article | null {
  const reader = new Readability<Element>(document, { keepClasses: true, serializer: asElement });
  const check = reader as unknown as ReplacedChecks;
  if (typeof check._isValidByline === 'function' && check.REGEXPS.byline instanceof RegExp) {
    check._isValidByline = function (node, matchString) {
      const rel = node.getAttribute('rel');
      const itemprop = node.getAttribute('itemprop');
      if (!(rel === 'author' || itemprop?.includes('author') || this.REGEXPS.byline.test(matchString))) {
        return false;
      }
      const length = (node.textContent ?? '').trim().length;
      return length > 0 && length < 100;
    };
  }
  const isProbablyVisible = check._isProbablyVisible;
  if (typeof isProbablyVisible === 'function') {
    check._isProbablyVisible = function (node) {
      if (typeof node.getAttribute === 'function' && isPopupByName(node)) return false;
      if (typeof node.getAttribute === 'function' && isCodeTabPanel(node)) return true;
      if (typeof node.hasAttribute === 'function' && !node.hasAttribute('style')) {
        if (node.hasAttribute('hidden')) return false;
        if (node.getAttribute('aria-hidden') !== 'true') return true;
        if (isSightedCopy(node)) return true;
      }
      return isProbablyVisible.call(this, node);
    };
  }
  const isElementWithoutContent = check._isElementWithoutContent;
  if (typeof isElementWithoutContent === 'function') {
    check._isElementWithoutContent = function (node) {
      if (node.nodeType === node.ELEMENT_NODE && hasNonSpaceText(node)) return false;
      return isElementWithoutContent.call(this, node);
    };
  }
  if (typeof check._getLinkDensity === 'function' && check.REGEXPS.hashUrl instanceof RegExp) {
    check._getLinkDensity = function (element) {
      return linkDensity(element, this.REGEXPS.hashUrl);
    };
  }
  const hasAncestorTag = check._hasAncestorTag;
  if (typeof hasAncestorTag === 'function') {
    // Readability strips an element whose class or id sounds unlikely (`header`, `sidebar`) unless
    // it stands inside a table (asked as `(node, 'table')`); a data table's own class names its
    // behaviour (`wikitable sortable sticky-header`), not chrome: it is spared as its cells are.
    // So is a heading that only `header` makes unlikely: the template names what it is
    // (`section-header`, a reference page's `code-header` signatures), not the page's chrome.
    check._hasAncestorTag = function (node, tagName, maxDepth, filter) {
      if (tagName === 'table' && maxDepth === undefined) {
        if (isDataTable(node) || isNamedHeading(node, this.REGEXPS.unlikelyCandidates)) return true;
      }
      return hasAncestorTag.call(this, node, tagName, maxDepth, filter);
    };
  }
  // Noted again when Readability rebuilds the page for another attempt: its elements are new.
  let sections = noteHeadedSections(document);
  const prepArticle = check._prepArticle;
  if (typeof prepArticle === 'function') {
    // Readability cleans its pick with its siblings once it has chosen them: the headed sections
    // it left beside a section it took join them first (a reference page's synopsis).
    check._prepArticle = function (articleContent) {
      takeSiblingSections(articleContent, sections, (element) => this._getLinkDensity(element));
      prepArticle.call(this, articleContent);
    };
  }
  const getClassWeight = check._getClassWeight;
  if (typeof getClassWeight === 'function') {
    // A page builder's word for its blocks (Elementor's `elementor-widget`) weighs nothing: it
    // names every block of such a page, not a sidebar's widget; nor does a hidden label's class
    // (Drupal's `field--label-hidden`), which names the label, not the block (builder-blocks.ts).
    check._getClassWeight = function (element) {
      const { className, id } = element;
      if (typeof className !== 'string') return getClassWeight.call(this, element);
      const weighed = withoutBuilderBlockNames(className);
      if (weighed === className) return getClassWeight.call(this, element);
      return getClassWeight.call(this, { className: weighed, id });
    };
  }
  if (typeof check._getAllNodesWithTag === 'function') {
    check._getAllNodesWithTag = (node, tagNames) => elementsByTag(node, tagNames);
  }
  const body = document.body as HTMLElement | null;
  if (body === null) return reader.parse();
  const unwatch = watchPageReset(body, copy, () => (sections = noteHeadedSections(document)));
  try {
    return reader.parse();
  } finally {
    unwatch();
  }
}

/**
 * The elements under `root` (not `root` itself) whose tag is one of `tagNames`, in document order,
 * not looking into `<template>` contents: what `root.querySelectorAll(tagNames.join(','))` finds.
 * One tag is looked up by `getElementsByTagName` where that finds the same ({@link tagLookup}).
 */
export function elementsByTag(root: Document | Element, tagNames: readonly string[]): Element[] {
  const [only] = tagNames;
  const lookup = tagNames.length === 1 ? tagLookup(root.ownerDocument ?? root) : null;
  if (only !== undefined && lookup !== null) return Array.from(root.getElementsByTagName(lookup(only)));
  const wanted = new Set(tagNames.map((name) => name.toLowerCase()));
  const found: Element[] = [];
  for (const node of nodesUnder(root, 'elements', isTemplate)) {
    const name = (node as Element).localName;
    if (wanted.has(name) || wanted.has(lowerCase(name))) found.push(node as Element);
  }
  return found;
}

/** Per document: the name to give `getElementsByTagName` for a tag, or null when it cannot be used. */
const TAG_LOOKUPS = new WeakMap<Document, ((tag: string) => string) | null>();

/**
 * How `getElementsByTagName` finds a tag in any case, as a selector does. A standard DOM (jsdom)
 * matches an HTML element's name whatever the case: the tag as it is. linkedom keeps the case of an
 * element made as `P` (Readability makes its elements so) and compares names upper-cased: the tag
 * upper-cased; but it keeps a `<template>`'s content among the document's nodes, where a selector
 * does not look, so in a document with templates it cannot be used.
 */
function tagLookup(document: Document): ((tag: string) => string) | null {
  let lookup = TAG_LOOKUPS.get(document);
  if (lookup === undefined) {
    const keepsCase = document.createElement('P').localName === 'P';
    if (!keepsCase) lookup = (tag) => tag;
    else lookup = document.getElementsByTagName('TEMPLATE').length > 0 ? null : (tag) => tag.toUpperCase();
    TAG_LOOKUPS.set(document, lookup);
  }
  return lookup;
}

function isTemplate(element: Element): boolean {
  return element.localName === 'template';
}

/** Lower-cased tag names, remembered (Readability names the elements it makes in capitals). */
const LOWER_CASE = new Map<string, string>();

function lowerCase(name: string): string {
  let lower = LOWER_CASE.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (LOWER_CASE.size < 10_000) LOWER_CASE.set(name, lower);
  }
  return lower;
}

/** A class or id word naming a pop-up panel: `review_language_flyout`, `popover-body`. */
const POPUP_NAME = /(?:^|[-_])(?:flyout|popover)(?:$|[-_])/i;

/**
 * True when an element's class or id names a pop-up panel: a flyout menu or popover that the
 * page's style sheet keeps hidden until a reader opens it. Readability sees no style sheet and
 * reads such a panel as text (a store's hidden menu of review languages became its article).
 */
function isPopupByName(node: Element): boolean {
  const className = node.getAttribute('class');
  const id = node.getAttribute('id');
  if (className === null && id === null) return false;
  return `${className ?? ''} ${id ?? ''}`.split(/\s+/).some((name) => POPUP_NAME.test(name));
}

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const HEADER_WORD = /header/i;
const HEADER_WORDS = /header/gi;

/**
 * True when `node` is a heading (`<h1>`–`<h6>`) whose class and id would be unlikely to Readability
 * only for the word `header`: a heading named as one (`section-header`, `code-header`), which
 * holds the page's own structure (a reference page's section names and signatures).
 */
function isNamedHeading(node: Element, unlikely: RegExp | undefined): boolean {
  if (!HEADING_TAGS.has(node.localName.toLowerCase()) || !(unlikely instanceof RegExp)) return false;
  const names = `${node.getAttribute('class') ?? ''} ${node.getAttribute('id') ?? ''}`;
  return HEADER_WORD.test(names) && !unlikely.test(names.replace(HEADER_WORDS, ' '));
}

/** A table of data: it has header cells (`<th>`), which a table laying out a page has not. */
function isDataTable(node: Element): boolean {
  return node.localName.toLowerCase() === 'table' && node.getElementsByTagName('th').length > 0;
}

function asElement(node: Node): Element {
  return node as Element;
}
