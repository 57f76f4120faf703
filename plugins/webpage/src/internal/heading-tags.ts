/** The heading elements, `<h1>` to `<h6>`, as a selector. */
export const HEADING_SELECTOR = 'h1, h2, h3, h4, h5, h6';

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** True for `<h1>` to `<h6>` (in any case: jsdom keeps an XHTML page's tag names as written). */
export function isHeadingTag(element: Element): boolean {
  return HEADING_TAGS.has(element.localName.toLowerCase());
}
