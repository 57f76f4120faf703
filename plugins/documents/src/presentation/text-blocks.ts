import type { List, ListItem, PhrasingContent, BlockContent } from 'mdast';

/** One paragraph of a text box: its inline content and, when it is a list item, its level. */
export interface SlideParagraph {
  content: PhrasingContent[];
  /** `undefined` for a plain paragraph; 0-based nesting level for a list item. */
  level?: number;
  ordered?: boolean;
}

function isBlank(content: PhrasingContent[]): boolean {
  return content.every((node) => node.type === 'text' && node.value.trim() === '');
}

function newList(ordered: boolean): List {
  return { type: 'list', ordered, spread: false, children: [] };
}

/**
 * Consecutive list paragraphs become one list, nested by level (a level deeper than the one
 * before nests under the last item; a jump of several levels nests once per level).
 */
function buildList(items: SlideParagraph[]): List {
  const root = newList(items[0]?.ordered ?? false);
  // stack[d] is the list at depth d.
  const stack: List[] = [root];
  for (const item of items) {
    const level = item.level ?? 0;
    while (stack.length - 1 > level) stack.pop();
    while (stack.length - 1 < level) {
      const parent = stack.at(-1) ?? root;
      let last = parent.children.at(-1);
      if (last === undefined) {
        last = { type: 'listItem', spread: false, children: [] };
        parent.children.push(last);
      }
      const nested = newList(item.ordered ?? false);
      last.children.push(nested);
      stack.push(nested);
    }
    const listItem: ListItem = {
      type: 'listItem',
      spread: false,
      children: [{ type: 'paragraph', children: item.content }],
    };
    (stack.at(-1) ?? root).children.push(listItem);
  }
  return root;
}

/** A text box's paragraphs as blocks: plain paragraphs and (nested) lists; blank ones dropped. */
export function paragraphBlocks(paragraphs: SlideParagraph[]): BlockContent[] {
  const blocks: BlockContent[] = [];
  let pending: SlideParagraph[] = [];
  const flush = (): void => {
    if (pending.length > 0) blocks.push(buildList(pending));
    pending = [];
  };
  for (const paragraph of paragraphs) {
    if (isBlank(paragraph.content)) continue;
    if (paragraph.level === undefined) {
      flush();
      blocks.push({ type: 'paragraph', children: paragraph.content });
    } else {
      if (pending.length > 0 && pending[0]?.ordered !== paragraph.ordered && paragraph.level === 0) flush();
      pending.push(paragraph);
    }
  }
  flush();
  return blocks;
}

/** Plain text of inline content (for titles and table cells). */
export function phrasingText(content: PhrasingContent[]): string {
  return content
    .map((node) => {
      if (node.type === 'text') return node.value;
      if (node.type === 'break') return '\n';
      if ('children' in node) return phrasingText(node.children);
      return '';
    })
    .join('');
}
