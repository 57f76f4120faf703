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
