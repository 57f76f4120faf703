import type { Nodes } from 'mdast';

/** Whether a markdown node is raw HTML or holds some. */
export function hasHtml(node: Nodes): boolean {
  return node.type === 'html' || ('children' in node && node.children.some(hasHtml));
}
