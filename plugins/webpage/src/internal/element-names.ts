/**
 * The names an element's `class` and `id` give it, as written, split at whitespace: what the
 * boilerplate, chrome, post and product rules read to tell what a block is. None for an element
 * without those attributes.
 */
export function classAndIdNames(element: Element): string[] {
  if (!element.hasAttributes()) return [];
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.trim();
  return names === '' ? [] : names.split(/\s+/);
}

/**
 * The words of an element's class and id names, lower case, split at `-`, `_` and a lower-to-upper
 * case change (`ProductDetails`, `postBody`).
 */
export function classAndIdWords(element: Element): string[] {
  return classAndIdNames(element).flatMap(nameWords);
}

/** The words of one class or id name, lower case, split at `-`, `_` and a lower-to-upper case change. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/);
}

/**
 * A class naming text kept for screen readers only, off the screen: `sr-only`, `visually-hidden`,
 * `screen-reader-text`, `a-offscreen` as a part of a name (`geist-sr-only`), and `clipped`,
 * `offscreen` or `visuallyhidden` as the whole name (`is-clipped` trims a shown text; a generated
 * `utilities_visuallyhidden__5vJWI` labels a colour swatch with the colour's name, which the page
 * says in no other way).
 */
const SCREEN_READER_NAME =
  /^(?:clipped|offscreen|visuallyhidden)$|(?:^|[-_])(?:sr[-_]only|visually[-_]hidden|a[-_]offscreen|screen[-_]reader[-_](?:text|only))(?:$|[-_])/i;

/** True when a class or id names text kept for screen readers only ({@link SCREEN_READER_NAME}). */
export function isScreenReaderName(name: string): boolean {
  return SCREEN_READER_NAME.test(name);
}
