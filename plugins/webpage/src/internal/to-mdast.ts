import type { Element as HastElement, Root as HastRoot, RootContent as HastContent } from 'hast';
import { fromDom } from 'hast-util-from-dom';
import { toMdast as hastToMdast, type Options as HastToMdastOptions, type State } from 'hast-util-to-mdast';
import type { Break, Html, Root } from 'mdast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { dropBoilerplate } from './drop-boilerplate.js';
import { prepareHast } from './prepare-hast.js';
import { dropRepeatedParagraphs } from './repeated-paragraphs.js';
import { dropRepeatedItems } from './repeated-items.js';
import { dropRepeatedQuotes } from './repeated-quotes.js';
import { separateStyledBoxes } from './separate-boxes.js';

/** Options of {@link toMdast}. */
export interface ToMdastOptions {
  baseUrl: string | undefined;
  /** The source is a page's main region (a page of items): its cards and link lines are its content. */
  region?: boolean;
  /** An item shown twice is read once ({@link dropRepeatedItems}): the page is no shop's grid. */
  itemsOnce?: boolean;
}

// The parser is configured once and frozen; it runs many times (unified's model).
const documentParser = unified().use(rehypeParse, { fragment: false }).freeze();
/**
 * hast-util-to-mdast's options as rehype-remark set them (`document`), called directly: a unified
 * processor's `runSync` made a VFile and ran a pipeline on every call, for the same tree (remark-gfm
 * only adds parser and writer extensions, which a hast → mdast run never used).
 */
const TO_MDAST: HastToMdastOptions = { document: true, handlers: { br: lineBreak } };

/**
 * `<br>`: a hard break, and inside a table cell (which GFM keeps on one line) the HTML `<br>` that
 * GFM renderers show as a line break within the cell.
 */
function lineBreak(state: State, node: HastElement): Break | Html {
  const result: Break | Html = state.inTable ? { type: 'html', value: '<br>' } : { type: 'break' };
  state.patch(node, result);
  return result;
}

/**
 * Readability's article (its element, read in place) or a whole page's HTML (its body is
 * converted) → hast → cleaned hast (boilerplate dropped from an article) → mdast (hast-util-to-mdast,
 * GFM tables and code).
 */
export function toMdast(source: Element | string, options: ToMdastOptions): Root {
  const article = typeof source !== 'string';
  const hast: HastRoot = article ? articleHast(source) : documentParser.parse(source);
  prepareHast(hast, { baseUrl: options.baseUrl, dropInteractive: !article });
  if (article) dropBoilerplate(hast, { keepItems: options.region === true });
  if (article) dropRepeatedQuotes(hast);
  separateStyledBoxes(hast);
  // A hast root comes back as an mdast root (hast-util-to-mdast's `root` handler).
  const root = hastToMdast(hast, TO_MDAST) as Root;
  if (article) dropRepeatedParagraphs(root);
  if (article && options.itemsOnce === true) dropRepeatedItems(root);
  return root;
}

/** The article's children as a hast root (what parsing its `innerHTML` as a fragment gave). */
function articleHast(article: Element): HastRoot {
  const element = fromDom(article);
  const children = element.type === 'element' ? element.children : [];
  for (const child of children) toParsedShape(child, { opensPre: false, inLink: false });
  return { type: 'root', children: children };
}

/** Elements whose opening line end an HTML parser drops (`<pre>\ncode` is `code`). */
const DROPS_FIRST_LINE_END = new Set(['pre', 'textarea', 'listing']);
/** Start tags that close an open `<p>` in an HTML parser (WHATWG tree construction, "in body"). */
const CLOSES_PARAGRAPH = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl'],
  ...['fieldset', 'figcaption', 'figure', 'footer', 'header', 'hgroup', 'main', 'menu', 'nav', 'ol'],
  ...['p', 'search', 'section', 'summary', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'listing'],
  ...['form', 'li', 'dd', 'dt', 'plaintext', 'table', 'hr', 'xmp'],
]);
/** Elements a `<p>` is not closed through (the parser's button scope). */
const PARAGRAPH_SCOPE = new Set([
  'button',
  'applet',
  'caption',
  'table',
  'td',
  'th',
  'marquee',
  'object',
  'template',
]);

/**
 * Gives linkedom's tree the shape an HTML parser gives the same markup, where it differs in ways
 * the markdown reads: a `<p>` holding blocks (`<p><span>…<p>…</p></span></p>`, which a parser
 * closes before the inner block) becomes a `<div>`, so its blocks stay paragraphs instead of
 * running together; line ends (`\r\n`, `\r`) become `\n`; the line end that opens a `<pre>` is
 * dropped; a link inside a link (a product card's colour swatches inside the card's link, which a
 * parser closes before the inner link opens, and which markdown cannot nest) keeps its text without
 * its own link. Returns true when the subtree holds a block that would close an open `<p>`.
 */
function toParsedShape(
  node: HastContent,
  { opensPre, inLink }: { opensPre: boolean; inLink: boolean },
): boolean {
  if (node.type === 'text') {
    if (node.value.includes('\r')) node.value = node.value.replace(/\r\n?/g, '\n');
    if (opensPre && node.value.startsWith('\n')) node.value = node.value.slice(1);
    return false;
  }
  if (node.type !== 'element') return false;
  const drops = DROPS_FIRST_LINE_END.has(node.tagName);
  const linked = inLink || node.tagName === 'a';
  if (linked && node.children.some((child) => child.type === 'element' && child.tagName === 'a')) {
    node.children = node.children.flatMap((child) =>
      child.type === 'element' && child.tagName === 'a' ? child.children : [child],
    );
  }
  let holdsBlock = false;
  node.children.forEach((child, index) => {
    if (toParsedShape(child, { opensPre: drops && index === 0, inLink: linked })) holdsBlock = true;
  });
  if (holdsBlock && node.tagName === 'p') node.tagName = 'div';
  if (CLOSES_PARAGRAPH.has(node.tagName)) return true;
  return holdsBlock && !PARAGRAPH_SCOPE.has(node.tagName);
}
