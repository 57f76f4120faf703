import type { Paragraph, Parent, Root } from 'mdast';
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

/** True when a paragraph of 15 words or more repeats one already seen; records it otherwise. */
function isRepeat(paragraph: Paragraph, seen: Set<string>): boolean {
  const words = lowerCaseWords(toString(paragraph));
  if (words.length < MIN_REPEATED_WORDS) return false;
  const key = words.join(' ');
  if (seen.has(key)) return true;
  seen.add(key);
  return false;
}
