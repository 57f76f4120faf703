import type { ElementContent, Root, RootContent } from 'hast';

/** The text of a hast node and its descendants, joined as the DOM's `textContent` joins it. */
export function hastTextOf(node: RootContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(hastTextOf).join('');
}

/**
 * The text of a hast node with a space between any two children's texts, so lines laid out in
 * blocks (`<div>You may not post replies</div><div>…`) never run together; for matching words and
 * lines, not for output.
 */
export function hastSpacedTextOf(node: Root | RootContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' && node.type !== 'root') return '';
  return node.children.map(hastSpacedTextOf).join(' ');
}
