import type { Heading, Paragraph, Parent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { lowerCaseWords } from './word-characters.js';

/** A paragraph repeated word for word is dropped from this many words up (a card's short lines repeat rightly). */
const MIN_REPEATED_WORDS = 15;

/**
 * Drops a paragraph that repeats an earlier one word for word (15 words or more): a page writes
 * its introduction once for small screens and once for large ones, a carousel clones its slides,
 * a card repeats its picture's description as its text; a reader sees each once. Quotes are left
 * alone (a reply quotes the post it answers), and so are a card's short lines (`Sold out`, a
 * conference's city), which each item rightly repeats. Changes the tree in place.
 */
export function dropRepeatedParagraphs(root: Root): void {
  const seen = new Set<string>();
  const visit = (parent: Parent): void => {
    const kept: Parent['children'] = [];
    for (const child of parent.children) {
      if (child.type === 'paragraph' && isRepeat(child, seen)) continue;
      if (child.type !== 'blockquote' && child.type !== 'paragraph' && 'children' in child) visit(child);
      kept.push(child);
    }
    parent.children = kept;
  };
  visit(root);
}

/**
 * Drops an item shown again: a heading that is one link to another page (an item's title) with the
 * blocks under it up to the next heading, when another item has the same linked title and every
 * word of it (a featured strip above the same stories, without their authors; a card's title
 * repeated over its hover panel): a reader sees each item once, the fullest copy. A heading linking
 * within the page (a section's anchor) is a section's, not an item's, and is left alone; so are
 * items of one title whose words differ (a same-named product in two sizes). Changes the tree in place.
 */
export function dropRepeatedItems(root: Root): void {
  const byTitle = new Map<string, { nodes: RootContent[]; words: Set<string> }[]>();
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
      const words = new Set(nodes.flatMap((node) => lowerCaseWords(toString(node))));
      const items = byTitle.get(title);
      if (items === undefined) byTitle.set(title, [{ nodes, words }]);
      else items.push({ nodes, words });
      index = end;
    }
  };
  visit(root);
  const dropped = new Set<RootContent>();
  for (const items of byTitle.values()) {
    if (items.length < 2) continue;
    // The fullest copy, the first of equals; the others go when it holds all their words.
    const fullest = items.reduce((best, item) => (item.words.size > best.words.size ? item : best));
    for (const item of items) {
      if (item !== fullest && isSubset(item.words, fullest.words))
        for (const node of item.nodes) dropped.add(node);
    }
  }
  if (dropped.size === 0) return;
  const remove = (parent: Parent): void => {
    parent.children = parent.children.filter((child) => !dropped.has(child));
    for (const child of parent.children) if ('children' in child) remove(child);
  };
  remove(root);
}

function isSubset(small: ReadonlySet<string>, large: ReadonlySet<string>): boolean {
  for (const word of small) if (!large.has(word)) return false;
  return true;
}

/** The link of a heading that is one link to another page (an item's title); undefined otherwise. */
function itemTitle(heading: Heading): string | undefined {
  const [only] = heading.children;
  if (heading.children.length !== 1 || only?.type !== 'link' || only.url.includes('#')) return undefined;
  return `${only.url}\n${lowerCaseWords(toString(only)).join(' ')}`;
}

/** True when a paragraph of 15 words or more repeats one already seen; records it otherwise. */
function isRepeat(paragraph: Paragraph, seen: Set<string>): boolean {
  const words = lowerCaseWords(toString(paragraph));
  if (words.length < MIN_REPEATED_WORDS) return false;
  const key = words.join(' ');
  if (seen.has(key)) return true;
  seen.add(key);
  return false;
}
