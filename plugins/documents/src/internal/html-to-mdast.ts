import { cellBreakHandler, flattenTableCells } from '@transmute/plugin-sdk';
import type { Root as HastRoot } from 'hast';
import { toMdast, type Options as ToMdastOptions } from 'hast-util-to-mdast';
import type { Root, RootContent } from 'mdast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { cleanHtmlTree } from './clean-html-tree.js';
import { mathHandler } from './hast-math.js';
import { xhtmlToHast } from './xhtml-to-hast.js';

// Configured once and frozen (unified's model): they run for every feed item, chapter and e-mail.
const fragmentParser = unified().use(rehypeParse, { fragment: true }).freeze();
const documentParser = unified().use(rehypeParse, { fragment: false }).freeze();
/**
 * hast-util-to-mdast's options as rehype-remark sets them (`document`), called directly: through a
 * unified processor's `runSync` (a VFile and a pipeline run a call) it cost a tenth of an e-book
 * chapter's conversion. MathML (`<math>`, `<m:math>` in XHTML) becomes LaTeX rather than its
 * characters run together. `inPlace` (our patch): the tree was parsed for this call alone, so it is
 * not copied first (the copy was a tenth of the conversion of an e-book chapter).
 */
const TO_MDAST: ToMdastOptions = {
  document: true,
  inPlace: true,
  handlers: { br: cellBreakHandler, math: mathHandler, 'm:math': mathHandler },
};

/** A whole document (XML declaration, DOCTYPE or `<html>` first) rather than a fragment. */
const WHOLE_DOCUMENT = /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype|html)/i;

/**
 * HTML or XHTML → hast with rehype-parse (parse5, a WHATWG parser: a DOCTYPE is only a token, no
 * DTD or entity is ever resolved). A whole document is parsed as one (its `<head>` apart), anything
 * else as a fragment.
 */
export function parseHtml(html: string): HastRoot {
  return (WHOLE_DOCUMENT.test(html) ? documentParser : fragmentParser).parse(html);
}

/**
 * An XHTML document (an e-book's chapter or navigation) → hast: read as XML when it is plain XML
 * that an HTML parser would read as written ({@link xhtmlToHast}, the same tree without parse5's
 * cost), else by {@link parseHtml}.
 */
export function parseXhtml(xhtml: string): HastRoot {
  return xhtmlToHast(xhtml) ?? parseHtml(xhtml);
}

/**
 * HTML or XHTML → mdast blocks through {@link parseHtml} and hast-util-to-mdast (headings,
 * lists, GFM tables, code, links, images with their alt; head, scripts and styles left out), after {@link cleanHtmlTree} (comments, hidden elements, layout tables).
 */
export function htmlToMdast(html: string): RootContent[] {
  return hastToMdast(parseHtml(html));
}

/** {@link htmlToMdast} for an XHTML document, parsed by {@link parseXhtml}. */
export function xhtmlToMdast(xhtml: string): RootContent[] {
  return hastToMdast(parseXhtml(xhtml));
}

function hastToMdast(hast: HastRoot): RootContent[] {
  cleanHtmlTree(hast);
  flattenTableCells(hast);
  // A hast root comes back as an mdast root (hast-util-to-mdast's `root` handler), as rehype-remark types it.
  const root = toMdast(hast, TO_MDAST) as Root;
  return root.children;
}
