/**
 * Readability's link density of an element (`_getLinkDensity`): the inner-text length of its links
 * (a link to a `#fragment` weighs 0.3) over its own, where an inner text is the `textContent`
 * trimmed with white-space runs collapsed to one space. The same numbers, counted without building
 * the collapsed texts: Readability measures every scored element, and one near the page's root
 * holds most of the page.
 */
export function linkDensity(element: Element, hashUrl: RegExp): number {
  const document = element.ownerDocument;
  // One walk over the element's text (what `textContent` concatenates: text and CDATA) that counts
  // its inner-text length and, at once, each open link's: Readability asks for every candidate,
  // and measuring each link's `textContent` again walked the subtree once more per link.
  const walker = document.createTreeWalker(element, SHOW_ELEMENT | SHOW_TEXT | SHOW_CDATA_SECTION);
  const total = new InnerTextCounter();
  const open: { link: Element; counter: InnerTextCounter; weight: number }[] = [];
  let linkLength = 0;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    while (open.length > 0 && !(open[open.length - 1] as OpenLink).link.contains(node)) {
      const closed = open.pop() as OpenLink;
      linkLength += closed.counter.length * closed.weight;
    }
    if (node.nodeType === ELEMENT_NODE) {
      const name = (node as Element).localName;
      if (name === 'a' || name === 'A') {
        const href = (node as Element).getAttribute('href');
        open.push({
          link: node as Element,
          counter: new InnerTextCounter(),
          weight: href && hashUrl.test(href) ? 0.3 : 1,
        });
      }
      continue;
    }
    const text = (node as CharacterData).data;
    total.add(text);
    for (const link of open) link.counter.add(text);
  }
  for (const link of open) linkLength += link.counter.length * link.weight;
  return total.length === 0 ? 0 : linkLength / total.length;
}

interface OpenLink {
  link: Element;
  counter: InnerTextCounter;
  weight: number;
}

const ELEMENT_NODE = 1;
const SHOW_ELEMENT = 0x1;
const SHOW_TEXT = 0x4;
const SHOW_CDATA_SECTION = 0x8;

/** {@link innerTextLength} of a text given in pieces. */
class InnerTextCounter {
  length = 0;
  private seenText = false;
  private pendingSpace = false;

  add(text: string): void {
    for (let index = 0; index < text.length; index += 1) {
      if (isSpace(text.charCodeAt(index))) {
        this.pendingSpace = true;
        continue;
      }
      if (this.pendingSpace && this.seenText) this.length += 1;
      this.pendingSpace = false;
      this.seenText = true;
      this.length += 1;
    }
  }
}

/**
 * The length of Readability's inner text of a text (`text.trim().replace(/\s{2,}/g, ' ')`):
 * every run of white space inside the trimmed text counts as one character.
 */
export function innerTextLength(text: string): number {
  const counter = new InnerTextCounter();
  counter.add(text);
  return counter.length;
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
