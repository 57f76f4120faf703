import type { ElementContent, RootContent } from 'hast';

/** The text of a hast node and its descendants, joined as the DOM's `textContent` joins it. */
export function hastTextOf(node: RootContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(hastTextOf).join('');
}
