import type { Heading, Parent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { lowerCaseWords } from './word-characters.js';

/** One item as the markdown shows it: a linked title heading and the blocks under it. */
interface ShownItem {
  title: string;
  nodes: RootContent[];
  words: Set<string>;
}

/**
 * Drops an item shown again on a listing of stories, posts or courses: an item is a heading that is
 * one link to another page (its title) with the blocks under it up to the next heading; when
 * another item has the same linked title and every word of it (a featured strip above the same
 * stories, without their authors; a "latest" rail repeating the list), a reader sees each item once,
 * the fullest copy. A heading linking within the page (a section's anchor) is a section's, not an
 * item's. Not run in a shop's grid (`readsItemsOnce`): there a card names its product over its
 * picture and again in its panel, and a carousel clones its cards. Changes the tree in place.
 */
export function dropRepeatedItems(root: Root): void {
  const shown = shownItems(root);
  const byTitle = new Map<string, ShownItem[]>();
  for (const item of shown) {
    const copies = byTitle.get(item.title);
    if (copies === undefined) byTitle.set(item.title, [item]);
    else copies.push(item);
  }
  const dropped = new Set<RootContent>();
  for (const copies of byTitle.values()) {
    if (copies.length < 2) continue;
    // The fullest copy stays (the first of equals); the others go when it holds all their words.
    const fullest = copies.reduce((best, item) => (item.words.size > best.words.size ? item : best));
    for (const item of copies) {
      if (item !== fullest && isSubset(item.words, fullest.words))
        for (const node of item.nodes) dropped.add(node);
    }
  }
  if (dropped.size > 0) removeNodes(root, dropped);
}

/** The items of the tree in reading order. */
function shownItems(root: Root): ShownItem[] {
  const items: ShownItem[] = [];
  const visit = (parent: Parent): void => {
    const children = parent.children;
    let index = 0;
    while (index < children.length) {
      const child = children[index] as RootContent;
      const title = child.type === 'heading' ? itemTitle(child) : undefined;
      if (title === undefined) {
        if (child.type !== 'blockquote' && 'children' in child) visit(child);
        index += 1;
        continue;
      }
      let end = index + 1;
      while (end < children.length && children[end]?.type !== 'heading') end += 1;
      const nodes = children.slice(index, end);
      items.push({ title, nodes, words: new Set(nodes.flatMap((node) => lowerCaseWords(toString(node)))) });
      index = end;
    }
  };
  visit(root);
  return items;
}

function removeNodes(parent: Parent, dropped: ReadonlySet<RootContent>): void {
  parent.children = parent.children.filter((child) => !dropped.has(child));
  for (const child of parent.children) if ('children' in child) removeNodes(child, dropped);
}

function isSubset(small: ReadonlySet<string>, large: ReadonlySet<string>): boolean {
  for (const word of small) if (!large.has(word)) return false;
  return true;
}

/** The link and words of a heading that is one link to another page (an item's title); else undefined. */
function itemTitle(heading: Heading): string | undefined {
  const [only] = heading.children;
  if (heading.children.length !== 1 || only?.type !== 'link' || only.url.includes('#')) return undefined;
  return `${only.url}\n${lowerCaseWords(toString(only)).join(' ')}`;
}
