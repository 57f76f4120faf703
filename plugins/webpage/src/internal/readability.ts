import { Readability } from '@mozilla/readability';

/** What a Readability reading gives: the article, or null. */
export type Article = NonNullable<ReturnType<Readability['parse']>>;

/** The Readability methods replaced (internals of @mozilla/readability 0.6). */
interface ReplacedChecks {
  REGEXPS: { byline: RegExp };
  _isValidByline(node: Element, matchString: string): boolean;
  _isProbablyVisible: (this: ReplacedChecks, node: Element) => boolean;
  _isElementWithoutContent: (this: ReplacedChecks, node: Element) => boolean;
}

const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
/** What `String.prototype.trim` keeps: `\s` is exactly the white space and line ends it removes. */
const NOT_SPACE = /\S/;

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
 * is not white space instead.
 */
export function readWithReadability(document: Document): Article | null {
  const reader = new Readability(document, { keepClasses: true });
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
      if (typeof node.hasAttribute === 'function' && !node.hasAttribute('style')) {
        if (node.hasAttribute('hidden')) return false;
        if (node.getAttribute('aria-hidden') !== 'true') return true;
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
  return reader.parse();
}

/** True when some text under `root` is not white space (its `textContent.trim()` is not empty). */
function hasNonSpaceText(root: Node): boolean {
  let node: Node | null = root.firstChild;
  while (node !== null) {
    const type = node.nodeType;
    if ((type === TEXT_NODE || type === CDATA_SECTION_NODE) && NOT_SPACE.test(node.nodeValue ?? '')) {
      return true;
    }
    if (node.firstChild !== null) {
      node = node.firstChild;
      continue;
    }
    while (node !== null && node !== root && node.nextSibling === null) node = node.parentNode;
    if (node === null || node === root) return false;
    node = node.nextSibling;
  }
  return false;
}
