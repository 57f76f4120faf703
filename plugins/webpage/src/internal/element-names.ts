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
