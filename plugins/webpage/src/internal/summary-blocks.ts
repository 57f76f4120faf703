import type { Element, ElementContent } from 'hast';

/** Elements that make a `<summary>` hold blocks rather than a line of text. */
const BLOCK_TAGS = new Set([
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'section', 'article', 'header'],
  ...['ul', 'ol', 'dl', 'table', 'pre', 'blockquote', 'figure'],
]);

/**
 * Reads a `<summary>` that holds blocks as a block of its own (a `<div>`): the markdown reads a
 * summary as one paragraph, and a heading inside it (a reference page's method signature, a
 * question's heading in an FAQ's disclosure) was printed as `### …` in the middle of a line.
 * A summary of text stays one paragraph.
 */
export function withSummaryBlocks(element: Element): void {
  if (element.tagName === 'summary' && element.children.some(holdsBlock)) element.tagName = 'div';
}

function holdsBlock(node: ElementContent): boolean {
  if (node.type !== 'element') return false;
  return BLOCK_TAGS.has(node.tagName) || node.children.some(holdsBlock);
}
