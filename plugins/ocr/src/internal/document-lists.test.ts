import type { List, ListItem, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { ListBuilder } from './document-lists.js';
import type { TextBlock } from './layout-types.js';

const item = (marker: string, text: string): TextBlock => ({
  kind: 'list_item',
  ordered: /\d/.test(marker),
  marker,
  text,
  size: 10,
  font: 'Body',
  lineCount: 1,
  box: { x0: 72, x1: 300, top: 100, bottom: 110 },
});

/** The top-level lists made of items given page by page. */
function lists(pages: TextBlock[][]): List[] {
  const builder = new ListBuilder();
  const made: RootContent[] = [];
  for (const blocks of pages) {
    builder.turnPage();
    for (const block of blocks) {
      const node: ListItem = {
        type: 'listItem',
        children: [{ type: 'paragraph', children: [{ type: 'text', value: block.text }] }],
      };
      const opened = builder.add(block, node, { page: 1 }, undefined);
      if (opened !== undefined) made.push(opened);
    }
  }
  return made.filter((node): node is List => node.type === 'list');
}

describe('ListBuilder numbers', () => {
  it('goes on with a numbered list over a page turn when the numbers follow', () => {
    const found = lists([[item('1)', 'first'), item('2)', 'second')], [item('3)', 'third')]]);
    expect(found.map((list) => [list.start, list.children.length])).toEqual([[undefined, 3]]);
  });

  it('starts a list of its own where the numbers do not follow ("5)" after "1)"), keeping its first number', () => {
    const found = lists([[item('1)', 'first')], [item('5)', 'fifth'), item('6.', 'sixth')]]);
    expect(found.map((list) => [list.start, toString(list)])).toEqual([
      [undefined, 'first'],
      [5, 'fifthsixth'],
    ]);
  });
});
