const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const DOCUMENT_NODE = 9;

/** What {@link nodesUnder} yields: elements, or elements and text nodes. */
export type WalkedNodes = 'elements' | 'elements and text';

/**
 * The nodes under `root` (not `root` itself; for a document, from its root element) in document
 * order, without the descendants of an element `skipInside` names (that element itself is
 * yielded). Walks by `firstChild`, `nextSibling` and `parentNode`, which linkedom answers in one
 * step each: its TreeWalker collected every node under the root into an array first, and a skipped
 * subtree was then passed node by node with `contains`. The tree must not change during the walk.
 */
export function* nodesUnder(
  root: Document | Element,
  show: WalkedNodes,
  skipInside: (element: Element) => boolean,
): Generator<Node> {
  const withText = show === 'elements and text';
  let stop: Node;
  let node: Node | null;
  if (root.nodeType === DOCUMENT_NODE) {
    const top = (root as Document).documentElement as Element | null;
    if (top === null) return;
    stop = top;
    node = top;
  } else {
    stop = root;
    node = root.firstChild;
  }
  while (node !== null) {
    const type = node.nodeType;
    if (type === ELEMENT_NODE) {
      const descend = !skipInside(node as Element);
      yield node;
      const child = descend ? node.firstChild : null;
      if (child !== null) {
        node = child;
        continue;
      }
    } else if (type === TEXT_NODE && withText) {
      yield node;
    }
    node = nextOutside(node, stop);
  }
}

/** The node after `node`'s subtree in document order, within `stop`'s subtree, or null. */
export function nextOutside(node: Node, stop: Node): Node | null {
  let current: Node | null = node;
  while (current !== null && current !== stop) {
    const next: Node | null = current.nextSibling;
    if (next !== null) return next;
    current = current.parentNode;
  }
  return null;
}
