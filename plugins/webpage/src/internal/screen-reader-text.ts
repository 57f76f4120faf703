import type { Element, ElementContent, RootContent } from 'hast';
import { isScreenReaderName } from './element-names.js';

/**
 * True when a hast element's class names it as text for screen readers only: a reader of the
 * page does not see it (a shop card's `Regular price`, `Unit price / per` and `Vendor:` labels, a
 * filter's `7 products`, `Skip to content`, `opens in a new window`).
 */
export function isScreenReaderOnly(element: Element): boolean {
  const { className } = element.properties;
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
