import type { Root as HastRoot } from 'hast';
import type { Root, RootContent } from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import { unified } from 'unified';

// Configured once and frozen (unified's model): they run for every feed item, chapter and e-mail.
const htmlParser = unified().use(rehypeParse, { fragment: true }).freeze();
const toMarkdownTree = unified().use(rehypeRemark).use(remarkGfm).freeze();

/**
 * HTML or XHTML (a fragment or a whole document) → mdast blocks, through rehype-parse (parse5, a
 * WHATWG parser: a DOCTYPE is only a token, no DTD or entity is ever resolved) and rehype-remark
 * (hast-util-to-mdast: headings, lists, GFM tables, code, links, images with their alt).
 * `<head>`, scripts and styles are left out by hast-util-to-mdast.
 */
export function htmlToMdast(html: string): RootContent[] {
  const hast: HastRoot = htmlParser.parse(html);
  const root: Root = toMarkdownTree.runSync(hast);
  return root.children;
}
