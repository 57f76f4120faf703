import type { Nodes } from 'mdast';

/** Plain text of an mdast tree, blocks separated by newlines (a tiny mdast-util-to-string). */
export function toString(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) {
    const inline = node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell';
    return node.children.map((child) => toString(child as Nodes)).join(inline ? '' : '\n');
  }
  return '';
}
