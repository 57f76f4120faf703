import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import type { TextBlock } from './layout-types.js';
import { toDocumentTree } from './to-document-tree.js';

const block = (text: string, size: number, font = 'Body'): TextBlock => ({
  kind: 'paragraph',
  text,
  size,
  font,
  lineCount: 1,
});
const prose = block('Ordinary prose of the page, set in the body size and font. '.repeat(8), 10);

function headings(blocks: TextBlock[]): string[] {
  const root = toDocumentTree([{ page: 1, blocks, characters: 1000 }]);
  return root.children
    .filter((node): node is Heading => node.type === 'heading')
    .map((node) => toString(node));
}

describe('toDocumentTree headings', () => {
  it('makes no heading of a copyright or licence notice, a page counter or a web address, whatever their font', () => {
    const found = headings([
      block('Overview of the Technology Acceptance Model', 18),
      block('Copyright: Creative Commons Attribution-Noncommercial-No Derivative Works License', 12),
      block('© 2009 ACM 978-1-60558-392-1', 10, 'Bold'),
      block('All rights reserved', 10, 'Bold'),
      block('3 of 5', 12),
      block('See www.example.org', 12),
      prose,
      block('Introduction', 12),
      prose,
      block('Copyright', 12),
      prose,
    ]);
    expect(found).toEqual(['Overview of the Technology Acceptance Model', 'Introduction', 'Copyright']);
  });

  it('makes no heading of three or more lines one under another with nothing between (a column of labels)', () => {
    const at = (block: TextBlock, top: number, x0 = 15): TextBlock => ({
      ...block,
      box: { x0, x1: x0 + 80, top, bottom: top + block.size },
    });
    const found = headings([
      at(block('Results by town', 16), 40, 200),
      at(prose, 70, 72),
      at(block('Alcona', 12), 250),
      at(block('Caledonia', 12), 270),
      at(block('Curtis', 12), 290),
      at(block('Methods', 12), 400),
      at(prose, 420, 72),
      at(block('Sources', 12), 500),
      at(block('Limits', 12), 520, 300),
      at(prose, 540, 72),
    ]);
    expect(found).toEqual(['Results by town', 'Methods', 'Sources', 'Limits']);
  });

  it('makes no heading of a label with a row of numbers on its line', () => {
    const at = (block: TextBlock, x0: number, top = 500): TextBlock => ({
      ...block,
      box: { x0, x1: x0 + 40, top, bottom: top + 10 },
    });
    const found = headings([
      block('Results by town', 16),
      prose,
      at(block('Totals', 12, 'Bold'), 80),
      at(block('1,102', 10), 200),
      at(block('377', 10), 260),
      at(block('Summary', 12, 'Bold'), 80, 540),
      prose,
    ]);
    expect(found).toEqual(['Results by town', 'Summary']);
  });
});
