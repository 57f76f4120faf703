/**
 * Readability's link density of an element (`_getLinkDensity`): the inner-text length of its links
 * (a link to a `#fragment` weighs 0.3) over its own, where an inner text is the `textContent`
 * trimmed with white-space runs collapsed to one space. The same numbers, counted without building
 * the collapsed texts: Readability measures every scored element, and one near the page's root
 * holds most of the page.
 */
export function linkDensity(element: Element, hashUrl: RegExp): number {
  // One walk over the element's text (what `textContent` concatenates: text and CDATA) that counts
  // its inner-text length and, at once, each open link's: Readability asks for every candidate,
  // and measuring each link's `textContent` again walked the subtree once more per link. The walk
  // goes by `firstChild` / `nextSibling` (one step each in linkedom, where a TreeWalker first
  // collects every node under the element). A link is counted when the walk reaches a node
  // outside it, and the links still open at the end outermost first: the order of the sums.
  const total = new InnerTextCounter();
  const open: OpenLink[] = [];
  let linkLength = 0;
  let node: Node | null = element.firstChild;
  while (node !== null) {
    const type = node.nodeType;
    if (type === ELEMENT_NODE || type === TEXT_NODE || type === CDATA_SECTION_NODE) {
      while (open.length > 0 && (open[open.length - 1] as OpenLink).left) {
        const closed = open.pop() as OpenLink;
        linkLength += closed.counter.length * closed.weight;
      }
    }
    if (type === ELEMENT_NODE) {
      const name = (node as Element).localName;
      if (name === 'a' || name === 'A') {
        const href = (node as Element).getAttribute('href');
        open.push({
          link: node as Element,
          counter: new InnerTextCounter(),
          weight: href && hashUrl.test(href) ? 0.3 : 1,
          left: false,
        });
      }
      const child = node.firstChild;
      if (child !== null) {
        node = child;
        continue;
      }
    } else if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
      const text = (node as CharacterData).data;
      total.add(text);
      for (const link of open) if (!link.left) link.counter.add(text);
    }
    node = leave(node, element, open);
  }
  for (const link of open) linkLength += link.counter.length * link.weight;
  return total.length === 0 ? 0 : linkLength / total.length;
}

/** The node after `node`'s subtree under `root`, or null; marks the open links the step leaves. */
function leave(node: Node, root: Element, open: readonly OpenLink[]): Node | null {
  let current: Node | null = node;
  while (current !== null && current !== root) {
    if (open.length > 0 && current.nodeType === ELEMENT_NODE) markLeft(open, current);
    const next: Node | null = current.nextSibling;
    if (next !== null) return next;
    current = current.parentNode;
  }
  return null;
}

function markLeft(open: readonly OpenLink[], element: Node): void {
  for (let index = open.length - 1; index >= 0; index -= 1) {
    const entry = open[index] as OpenLink;
    if (entry.left) continue;
    if (entry.link === element) entry.left = true;
    return;
  }
}

interface OpenLink {
  link: Element;
  counter: InnerTextCounter;
  weight: number;
  /** The walk has passed the link's last node. */
  left: boolean;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

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
