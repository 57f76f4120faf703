import type { Element } from 'hast';
import { wordsIn } from './word-characters.js';

/** A button with at most this many words is a control (`Add to cart`, `Quick view`, `Load more`). */
const MAX_CONTROL_WORDS = 3;

/**
 * True when a `<button>` is a control of the page, not a label of its content: a short label
 * (`Add to cart`, `Quick view`, `Choose set`, `Play slideshow`) that opens, expands or switches
 * nothing the page names. A button that expands or switches a part of the page (`aria-expanded`,
 * `aria-controls`, `role="tab"`: a question of a FAQ, a section's or a tab's title) names what it
 * opens, and a longer label reads as text: both stay.
 */
export function isControlButton(element: Element): boolean {
  if (element.tagName !== 'button') return false;
  const { ariaExpanded, ariaControls, role } = element.properties;
  if (ariaExpanded !== undefined || ariaControls !== undefined || role !== undefined) return false;
  return wordsIn(element.children) <= MAX_CONTROL_WORDS;
}
