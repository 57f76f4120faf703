import type { Element, ElementContent, RootContent } from 'hast';

/**
 * A class naming text kept for screen readers only, off the screen: `clipped`, `sr-only`,
 * `visually-hidden`, `a-offscreen`, `screen-reader-text`.
 */
export const SCREEN_READER_NAME =
  /^(?:clipped|sr[-_]only|visually[-_]?hidden|a[-_]offscreen|offscreen|screen[-_]reader[-_](?:text|only))$/i;

/**
 * True when a hast element's class names it as text for screen readers only: a reader of the
 * page does not see it (a shop card's `Regular price`, `Unit price / per` and `Vendor:` labels, a
 * filter's `7 products`, `Skip to content`, `opens in a new window`).
 */
export function isScreenReaderOnly(element: Element): boolean {
  const { className } = element.properties;
  return Array.isArray(className) && className.some((name) => SCREEN_READER_NAME.test(String(name)));
}

/**
 * True when one of `siblings` is hidden from screen readers (`aria-hidden="true"`, which the
 * conversion drops): a screen-reader-only sibling beside it is the same thing spoken (a price's
 * digits drawn for the eye, spoken whole), and is the copy to keep.
 */
export function hasSpokenCopy(siblings: readonly (RootContent | ElementContent)[]): boolean {
  return siblings.some((node) => node.type === 'element' && node.properties['ariaHidden'] === 'true');
}
