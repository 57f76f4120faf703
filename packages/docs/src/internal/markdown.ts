import type { Element, Root } from 'hast';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/**
 * Links between guides are written as the repository shows them (`webhooks.md#verify`), so they
 * work on GitHub too; on the site each guide is a `.html` page.
 */
function rewriteMarkdownLinks() {
  return (tree: Root): void => {
    visit(tree, 'element', (node: Element) => {
      const href = node.properties.href;
      if (node.tagName !== 'a' || typeof href !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(href)) return;
      node.properties.href = href.replace(/\.md(?=#|$)/, '.html');
    });
  };
}

/** Every table inside a `div.table-scroll`, so a wide table scrolls on its own, not the page. */
function wrapTables() {
  return (tree: Root): void => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'table' || parent === undefined || index === undefined) return;
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-scroll'] },
        children: [node],
      };
    });
  };
}

// Raw HTML in markdown is dropped (remark-rehype's default), so no guide can carry a script.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(rewriteMarkdownLinks)
  .use(wrapTables)
  .use(rehypeStringify)
  .freeze();

/** CommonMark + GFM to HTML, headings with ids (GitHub's slugs), `.md` links made `.html`. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}

/** Inline markdown of a contract description (backticks, links, emphasis) without the paragraph. */
export function renderInlineMarkdown(markdown: string): string {
  return renderMarkdown(markdown)
    .trim()
    .replace(/^<p>([\s\S]*)<\/p>$/, '$1');
}
