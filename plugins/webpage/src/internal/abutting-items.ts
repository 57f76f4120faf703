import type { Element, ElementContent, RootContent as HastContent } from 'hast';
import { hastTextOf } from './hast-text.js';

/** Inline elements a template repeats as the items of one line: a card's metadata, its tags. */
const INLINE_ITEMS = new Set(['span', 'a', 'time', 'small', 'em', 'strong', 'b', 'i', 'label']);
/** Of two items, one holds at least this many characters: a heading split into one `<span>` per letter is one word. */
const MIN_ITEM_CHARACTERS = 2;
/** Items meet between a letter or digit and a letter or digit (`54m|R`, `2026|1h`), not at punctuation. */
const WORD_AT_END = /[\p{L}\p{N}]$/u;
const WORD_AT_START = /^[\p{L}\p{N}]/u;

/**
 * Puts a space between two inline siblings of one class that touch (`<span class="meta-item">2026
 * </span><span class="meta-item">1h 54m</span><span class="meta-item">R</span>`): a template lays
 * out such items apart by their styles (a margin, a separator drawn by CSS), and a reader sees
 * "2026 1h 54m R", where their text run together reads "1h 54mR". Two items of one letter each stay joined
 * (a heading animated letter by letter), and so do items that meet at punctuation or space (a
 * documentation's signature drawn in pieces, `@` `functools.` `cache`; `One.` `Two.`); the
 * caller leaves code alone. Changes `children` in place.
 */
export function separateAbuttingItems(children: HastContent[] | ElementContent[]): void {
  for (let index = children.length - 1; index > 0; index -= 1) {
    const before = children[index - 1];
    const after = children[index];
    if (before?.type !== 'element' || after?.type !== 'element') continue;
    if (!isItemOfOneClass(before, after)) continue;
    const first = hastTextOf(before);
    const second = hastTextOf(after);
    if (!WORD_AT_END.test(first) || !WORD_AT_START.test(second)) continue;
    if (Math.max(first.length, second.length) < MIN_ITEM_CHARACTERS) continue;
    children.splice(index, 0, { type: 'text', value: ' ' });
  }
}

function isItemOfOneClass(before: Element, after: Element): boolean {
  if (before.tagName !== after.tagName || !INLINE_ITEMS.has(before.tagName)) return false;
  const classes = classKey(before);
  return classes !== '' && classes === classKey(after);
}

function classKey(element: Element): string {
  const { className } = element.properties;
  return Array.isArray(className) ? className.map(String).join(' ') : '';
}
