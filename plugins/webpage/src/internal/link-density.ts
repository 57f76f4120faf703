/**
 * Readability's link density of an element (`_getLinkDensity`): the inner-text length of its links
 * (a link to a `#fragment` weighs 0.3) over its own, where an inner text is the `textContent`
 * trimmed with white-space runs collapsed to one space. The same numbers, counted without building
 * the collapsed texts: Readability measures every scored element, and one near the page's root
 * holds most of the page.
 */
export function linkDensity(element: Element, hashUrl: RegExp): number {
  const textLength = innerTextLength(element.textContent ?? '');
  if (textLength === 0) return 0;
  let linkLength = 0;
  for (const link of element.getElementsByTagName('a')) {
    const href = link.getAttribute('href');
    linkLength += innerTextLength(link.textContent ?? '') * (href && hashUrl.test(href) ? 0.3 : 1);
  }
  return linkLength / textLength;
}

/**
 * The length of Readability's inner text of a text (`text.trim().replace(/\s{2,}/g, ' ')`):
 * every run of white space inside the trimmed text counts as one character.
 */
export function innerTextLength(text: string): number {
  let length = 0;
  let seenText = false;
  let pendingSpace = false;
  for (let index = 0; index < text.length; index += 1) {
    if (isSpace(text.charCodeAt(index))) {
      pendingSpace = true;
      continue;
    }
    if (pendingSpace && seenText) length += 1;
    pendingSpace = false;
    seenText = true;
    length += 1;
  }
  return length;
}

/** What `\s` (and so `trim`) takes for white space: ECMAScript WhiteSpace and LineTerminator. */
function isSpace(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0xa0) return false;
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}
