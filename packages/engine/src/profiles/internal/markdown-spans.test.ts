import { describe, expect, it } from 'vitest';
import type { List, Paragraph, Root } from 'mdast';
import { toMarkdown, toMarkdownWithSpans } from './markdown.js';

const paragraph = (value: string): Paragraph => ({ type: 'paragraph', children: [{ type: 'text', value }] });
const list = (...items: string[]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((value) => ({ type: 'listItem', spread: false, children: [paragraph(value)] })),
});

describe('a tree written once, with where each block is', () => {
  it('writes what the tree alone writes, and spans each block as it stands in it, lists after lists included', () => {
    const root: Root = {
      type: 'root',
      children: [
        { type: 'heading', depth: 1, children: [{ type: 'text', value: 'Title' }] },
        paragraph('A *star* and a [bracket].'),
        list('one', 'two'),
        list('three'),
        list('four'),
        { type: 'blockquote', children: [list('quoted')] },
        { type: 'code', lang: 'js', value: 'let a = 1;' },
      ],
    };
    const { markdown, spans } = toMarkdownWithSpans(root);
    expect(markdown).toBe(toMarkdown(root));
    expect(spans?.map(({ start, end }) => markdown.slice(start, end))).toEqual([
      '# Title',
      'A \\*star\\* and a \\[bracket].',
      '- one\n- two',
      // The second of two lists in a row takes the other bullet, the third the first again.
      '* three',
      '- four',
      // A list opening a quote right after a list takes the other bullet too (the serializer's rule).
      '> * quoted',
      '```js\nlet a = 1;\n```',
    ]);
  });

  it('leaves the spans to be found when the root holds what is not a block', () => {
    const root: Root = { type: 'root', children: [{ type: 'text', value: 'loose text' }] };
    expect(toMarkdownWithSpans(root)).toEqual({ markdown: 'loose text\n', spans: undefined });
  });
});
