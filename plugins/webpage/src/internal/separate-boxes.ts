import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import { countWordCharacters } from './word-characters.js';

/** Elements whose children run together as the page wrote them: code, and marks of one word's parts. */
const WRITTEN_AS_IS = new Set(['pre', 'code', 'kbd', 'samp', 'var', 'ruby', 'math', 'svg']);
/** Elements that join the word before them (`x<sup>2</sup>`, `H<sub>2</sub>O`). */
const JOINS_WORD = new Set(['sup', 'sub', 'rt', 'rp', 'wbr', 'br']);
/** A box's text ends or starts with a letter or digit here. */
const WORD_END = /[\p{L}\p{N}]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;
/** A box with fewer letters and digits than this may be one letter of a word split for styling. */
const MIN_BOX_CHARACTERS = 2;

/**
 * Puts a space between sibling elements that the page styles as boxes of their own and wrote with
 * nothing between them: `<span class="brand">La Sportiva</span><span class="title">Aragon</span>`,
 * a card's `<span class="meta">2026</span><span class="meta">1h 54m</span>`, a row of tag links.
 * The style sheet sets them apart (a flex row, a block each); read without it their words run
 * together ("La SportivaAragon", "20261h 54m"). Only between two elements that each have a class
 * and at least two letters or digits, where a letter or digit meets a letter or digit; not in code
 * or around superscripts. Changes the tree in place.
 */
export function separateStyledBoxes(tree: HastRoot): void {
  separateChildren(tree.children);
}

function separateChildren(children: (HastContent | ElementContent)[]): void {
  for (let index = children.length - 1; index > 0; index -= 1) {
    const before = children[index - 1];
    const after = children[index];
    if (
      isStyledBox(before) &&
      isStyledBox(after) &&
      WORD_END.test(edgeText(before, 'last')) &&
      WORD_START.test(edgeText(after, 'first'))
    ) {
      children.splice(index, 0, { type: 'text', value: ' ' });
    }
  }
  for (const child of children) {
    if (child.type === 'element' && !WRITTEN_AS_IS.has(child.tagName)) separateChildren(child.children);
  }
}

function isStyledBox(node: HastContent | ElementContent | undefined): node is Element {
  if (node?.type !== 'element' || WRITTEN_AS_IS.has(node.tagName) || JOINS_WORD.has(node.tagName)) {
    return false;
  }
  const { className } = node.properties;
  return (
    Array.isArray(className) &&
    className.length > 0 &&
    countUpTo(node, MIN_BOX_CHARACTERS) >= MIN_BOX_CHARACTERS
  );
}

/** The first or last text of a subtree that is not white space ('' when it has none). */
function edgeText(node: ElementContent, edge: 'first' | 'last'): string {
  if (node.type === 'text') return node.value.trim() === '' ? '' : node.value;
  if (node.type !== 'element') return '';
  const { children } = node;
  for (let step = 0; step < children.length; step += 1) {
    const child = children[edge === 'first' ? step : children.length - 1 - step];
    const text = child === undefined ? '' : edgeText(child, edge);
    if (text !== '') return text;
  }
  return '';
}

/** Letters and digits of a subtree, counted up to `limit`. */
function countUpTo(node: ElementContent, limit: number): number {
  if (node.type === 'text') return countWordCharacters(node.value);
  if (node.type !== 'element') return 0;
  let count = 0;
  for (const child of node.children) {
    count += countUpTo(child, limit - count);
    if (count >= limit) break;
  }
  return count;
}
