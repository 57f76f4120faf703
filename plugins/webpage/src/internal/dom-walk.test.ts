import { readFile } from 'node:fs/promises';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/golden.js';
import { decodeHtml } from './decode-html.js';
import { nodesUnder, type WalkedNodes } from './dom-walk.js';
import { parseWithLinkedom } from './load-dom.js';

/** The walk as the DOM's own TreeWalker gives it, a skipped element's descendants passed by `contains`. */
function treeWalkerNodes(
  root: Document | Element,
  show: WalkedNodes,
  skipInside: (element: Element) => boolean,
): Node[] {
  const document = root.ownerDocument ?? root;
  const walker = document.createTreeWalker(root, show === 'elements' ? 0x1 : 0x1 | 0x4);
  const nodes: Node[] = [];
  let skipped: Element | null = null;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (skipped !== null) {
      if (skipped.contains(node)) continue;
      skipped = null;
    }
    if (node.nodeType === 1 && skipInside(node as Element)) skipped = node as Element;
    nodes.push(node);
  }
  return nodes;
}

const SKIPS: ((element: Element) => boolean)[] = [
  () => false,
  (element) => ['script', 'style', 'template', 'noscript'].includes(element.localName),
  (element) => ['ul', 'table', 'nav', 'a'].includes(element.localName),
];

function expectSameWalks(document: Document, name: string): number {
  let nodes = 0;
  const roots: (Document | Element)[] = [document, ...Array.from(document.querySelectorAll('body, div, ul'))];
  for (const root of roots.slice(0, 60)) {
    for (const show of ['elements', 'elements and text'] as const) {
      for (const skip of SKIPS) {
        const expected = treeWalkerNodes(root, show, skip);
        const walked = [...nodesUnder(root, show, skip)];
        expect(walked.length, `${name} ${show}`).toBe(expected.length);
        expect(
          walked.every((node, index) => node === expected[index]),
          `${name} ${show}`,
        ).toBe(true);
        nodes += walked.length;
      }
    }
  }
  return nodes;
}

describe('nodesUnder', () => {
  it("walks what the DOM's TreeWalker walks, in its order, on every fixture page (linkedom and jsdom)", async () => {
    let nodes = 0;
    for (const fixture of await listFixtures()) {
      const html = decodeHtml(await readFile(fixture.input));
      nodes += expectSameWalks(parseWithLinkedom(html), `${fixture.name} linkedom`);
      nodes += expectSameWalks(new JSDOM(html).window.document, `${fixture.name} jsdom`);
    }
    expect(nodes).toBeGreaterThan(10_000);
  });

  it('walks into templates as linkedom keeps them, skips what it is told to, and stays under its root', () => {
    const document = parseWithLinkedom(
      '<p>a<!-- c --><template><b>t</b></template><ul><li>x</li></ul></p><div id="d"></div><p>after</p>',
    );
    const skipLists = (element: Element) => element.localName === 'ul';
    const names = (nodes: Node[]) => nodes.map((node) => node.nodeName.toLowerCase());
    const [first] = Array.from(document.querySelectorAll('p'));
    expect(names([...nodesUnder(first as Element, 'elements and text', skipLists)])).toEqual(
      names(treeWalkerNodes(first as Element, 'elements and text', skipLists)),
    );
    expect([...nodesUnder(document.querySelector('#d') as Element, 'elements', () => false)]).toEqual([]);
    expect(names([...nodesUnder(document, 'elements', () => false)]).slice(0, 3)).toEqual([
      'html',
      'head',
      'body',
    ]);
  });
});
