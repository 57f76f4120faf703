const SHOW_ELEMENT = 0x1;
const SHOW_TEXT = 0x4;
const ELEMENT_NODE = 1;

/** What {@link nodesUnder} yields: elements, or elements and text nodes. */
export type WalkedNodes = 'elements' | 'elements and text';

/**
 * The nodes under `root` (not `root` itself; for a document, from its root element) in document
 * order, without the descendants of an element `skipInside` names (that element itself is
 * yielded). Built on the DOM's TreeWalker: linkedom makes it with one pass over its node list,
 * where walking by `firstElementChild` and `nextElementSibling` searches for every step.
 */
export function* nodesUnder(
  root: Document | Element,
  show: WalkedNodes,
  skipInside: (element: Element) => boolean,
): Generator<Node> {
  const document = root.ownerDocument ?? root;
  const walker = document.createTreeWalker(
    root,
    show === 'elements' ? SHOW_ELEMENT : SHOW_ELEMENT | SHOW_TEXT,
  );
  let skipped: Element | null = null;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (skipped !== null) {
      if (skipped.contains(node)) continue;
      skipped = null;
    }
    if (node.nodeType === ELEMENT_NODE && skipInside(node as Element)) skipped = node as Element;
    yield node;
  }
}
