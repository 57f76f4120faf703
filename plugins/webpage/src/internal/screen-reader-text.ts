import type { Element as HastElement, ElementContent, RootContent } from 'hast';
import { isScreenReaderName } from './element-names.js';

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
