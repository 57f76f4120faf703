import type { Element, ElementContent } from 'hast';
import { isBoilerplateLine, isStampLine } from './boilerplate-patterns.js';
import { hastTextOf } from './hast-text.js';

/**
 * A block's loose lines: the runs of text and inline elements between its blocks (`<div><p>…</p>
 * <span><strong>Edited January 29 by x</strong> (see edit history)</span></div>`, a post's edit
 * note after its paragraphs). Each is a line of its own in the output, yet no block of its own,
 * so the line rules never judged it. A loose line that is boilerplate by its wording goes; a
 * byline or date stays, as on a page of items it is a card's own line (the verdict on a block
 * keeps those there too), and so does a bare number (a card's score: `9.1`).
 */

/** The tags that start a block: a run of other nodes between two of them is a loose line. */
export function dropLooseLines(block: Element, blockTags: ReadonlySet<string>): void {
  const isBlock = (node: ElementContent) =>
    node.type === 'element' && (blockTags.has(node.tagName) || node.tagName === 'br');
  if (!block.children.some((node) => node.type === 'element' && blockTags.has(node.tagName))) return;
  const kept: ElementContent[] = [];
  let line: ElementContent[] = [];
  const flush = () => {
    const text = line.map(hastTextOf).join('');
    // A bare number beside a card's blocks is its score or count, not a counter of the template.
    const dropped = /\p{L}/u.test(text) && isBoilerplateLine(text) && !isStampLine(text);
    if (!dropped) kept.push(...line);
    line = [];
  };
  for (const node of block.children) {
    if (isBlock(node)) {
      flush();
      kept.push(node);
    } else line.push(node);
  }
  flush();
  block.children = kept;
}
