import type { Element as HastElement, ElementContent, RootContent } from 'hast';
import { isScreenReaderName } from './element-names.js';
import { hastTextOf } from './hast-text.js';
import { lowerCaseWords } from './word-characters.js';

/** Set before the page is read on a spoken copy ({@link isSpokenCopyInDom}): the copy to keep. */
export const SPOKEN_COPY_ATTRIBUTE = 'data-transmute-spoken-copy';

/**
 * True when a hast element's class names it as text for screen readers only (and is not marked
 * as a spoken copy of words drawn beside it): a reader of the
 * page does not see it (a shop card's `Regular price`, `Unit price / per` and `Vendor:` labels, a
 * filter's `7 products`, `Skip to content`, `opens in a new window`).
 */
export function isScreenReaderOnly(element: HastElement): boolean {
  const { className, dataTransmuteSpokenCopy } = element.properties;
  if (dataTransmuteSpokenCopy !== undefined) return false;
  return Array.isArray(className) && className.some((name) => isScreenReaderName(String(name)));
}

/**
 * True when one of `siblings` is hidden from screen readers (`aria-hidden="true"`, which the
 * conversion drops): a screen-reader-only sibling beside it is the same thing spoken (a price's
 * digits drawn for the eye, spoken whole), and is the copy to keep.
 */
export function hasSpokenCopy(siblings: readonly (RootContent | ElementContent)[]): boolean {
  return siblings.some((node) => node.type === 'element' && node.properties['ariaHidden'] === 'true');
}

/**
 * {@link hasSpokenCopy} on the DOM, before the page is read: `element`'s parent also holds words
 * drawn for the eye and hidden from screen readers, so `element` is their spoken copy (Amazon's
 * `<span class="a-offscreen">$29.99</span><span aria-hidden="true">$<b>29</b>…`).
 */
export function isSpokenCopyInDom(element: Element): boolean {
  const parent = element.parentElement;
  if (parent === null) return false;
  for (const sibling of Array.from(parent.children))
    if (sibling !== element && sibling.getAttribute('aria-hidden') === 'true' && sibling.textContent?.trim())
      return true;
  return false;
}

/** A sighted reader's copy of a link holds at least this many words: a sentence, not a title. */
const SIGHTED_COPY_WORDS = 8;

/**
 * True when a hast element is a link hidden from screen readers and taken out of the tab order
 * (`<a aria-hidden="true" tabindex="-1">`) that holds a sentence: a card's summary made clickable
 * for the eye (screen readers follow the card's title link instead), shown to every sighted reader.
 */
export function isSightedCopyHast(element: HastElement): boolean {
  if (element.tagName !== 'a' || Number(element.properties['tabIndex']) !== -1) return false;
  return lowerCaseWords(hastTextOf(element)).length >= SIGHTED_COPY_WORDS;
}

/** {@link isSightedCopyHast} on the DOM (Readability's visibility check). */
export function isSightedCopy(element: Element): boolean {
  if (element.localName !== 'a' || element.getAttribute('tabindex')?.trim() !== '-1') return false;
  return lowerCaseWords(element.textContent ?? '').length >= SIGHTED_COPY_WORDS;
}
