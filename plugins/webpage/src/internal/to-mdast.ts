import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import { unified } from 'unified';
import { dropBoilerplate } from './drop-boilerplate.js';
import { prepareHast } from './prepare-hast.js';

/** Options of {@link toMdast}. */
export interface ToMdastOptions {
  baseUrl: string | undefined;
  /** True for Readability's article (a fragment); false for a whole page (its body is converted). */
  fragment: boolean;
}

// Processors are configured once and frozen; they run many times (unified's model).
const fragmentParser = unified().use(rehypeParse, { fragment: true }).freeze();
const documentParser = unified().use(rehypeParse, { fragment: false }).freeze();
const toMarkdownTree = unified().use(rehypeRemark).use(remarkGfm).freeze();

/**
 * HTML → hast (rehype-parse) → cleaned hast (boilerplate dropped from an article) → mdast
 * (rehype-remark, GFM tables and code).
 */
export function toMdast(html: string, options: ToMdastOptions): Root {
  const hast: HastRoot = (options.fragment ? fragmentParser : documentParser).parse(html);
  prepareHast(hast, { baseUrl: options.baseUrl, dropInteractive: !options.fragment });
  if (options.fragment) dropBoilerplate(hast);
  return toMarkdownTree.runSync(hast);
}
