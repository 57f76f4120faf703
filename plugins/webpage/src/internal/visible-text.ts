import { nodesUnder } from './dom-walk.js';

/** Elements whose text no reader sees. */
const INVISIBLE = new Set(['script', 'style', 'template', 'noscript']);

/** True for an element whose text no reader sees (a script, a style, a template, a noscript). */
export function isInvisible(element: Element): boolean {
  return INVISIBLE.has(element.localName);
}
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
/** What `String.prototype.trim` keeps: `\s` is exactly the white space and line ends it removes. */
const NOT_SPACE = /\S/;

/**
 * The text a reader sees in the page's body: its text without scripts, styles, templates and
 * `<noscript>` fallbacks (a page's scripts often hold its description and headline again, as
 * JSON, and are up to half its text).
 */
export function visibleText(document: Document): string {
  const body = document.body as HTMLElement | null;
  return body === null ? '' : visibleTextOf(body);
}

/** The text a reader sees under an element (see {@link visibleText}). */
export function visibleTextOf(root: Element): string {
  const parts: string[] = [];
  for (const node of nodesUnder(root, 'elements and text', (element) => INVISIBLE.has(element.localName))) {
    if (node.nodeType === TEXT_NODE) parts.push((node as Text).data);
  }
  return parts.join('');
}

/** True when some text under `root` is not white space (its `textContent.trim()` is not empty). */
export function hasNonSpaceText(root: Node): boolean {
  let node: Node | null = root.firstChild;
  while (node !== null) {
    const type = node.nodeType;
    if ((type === TEXT_NODE || type === CDATA_SECTION_NODE) && NOT_SPACE.test(node.nodeValue ?? '')) {
      return true;
    }
    if (node.firstChild !== null) {
      node = node.firstChild;
      continue;
    }
    while (node !== null && node !== root && node.nextSibling === null) node = node.parentNode;
    if (node === null || node === root) return false;
    node = node.nextSibling;
  }
  return false;
}
