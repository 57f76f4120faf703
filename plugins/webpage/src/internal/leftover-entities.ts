/** A character reference left in text after the page was parsed: `&hellip;`, `&#8230;`, `&amp;`. */
const LEFTOVER_REFERENCE = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i;

/**
 * A meta tag's value with the character references its page escaped twice decoded: Discourse
 * writes `content="…under my b&amp;hellip;"`, which the parser reads as the text `&hellip;`, and
 * that text then stood in the description converted for a page drawn by scripts. Decoded by the
 * page's own parser (an inert element's `innerHTML`, its `<` escaped first so no markup is read):
 * every reference HTML knows, and an unknown one (`&nbsp` spelled wrong) left as written.
 */
export function decodeLeftoverEntities(value: string, document: Document): string {
  if (!LEFTOVER_REFERENCE.test(value)) return value;
  const element = document.createElement('span');
  element.innerHTML = value.replace(/</g, '&lt;');
  return element.textContent ?? value;
}
