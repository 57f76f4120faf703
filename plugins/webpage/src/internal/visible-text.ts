import { nodesUnder } from './dom-walk.js';

/** Elements whose text no reader sees. */
const INVISIBLE = new Set(['script', 'style', 'template', 'noscript']);
const TEXT_NODE = 3;

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
