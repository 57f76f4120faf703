import type { Root, RootContent, TableRow } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { toMarkdown } from './markdown.js';

const parser = unified().use(remarkParse).use(remarkGfm);
const commonMark = unified().use(remarkParse);

const paragraph = (value: string): RootContent => ({
  type: 'paragraph',
  children: [{ type: 'text', value }],
});
const row = (cells: string[]): TableRow => ({
  type: 'tableRow',
  children: cells.map((value) => ({ type: 'tableCell', children: [{ type: 'text', value }] })),
});

// Strings that look like markup: each must read back as itself, and only these escapes are needed.
const tricky = [
  '* star',
  '*',
  '-',
  '+',
  'a*b*',
  '2 * 3 * 4',
  '**bold**',
  '_a_',
  '__init__',
  'snake_case_word',
  '# not a heading',
  '#hashtag',
  '1. not a list',
  '1) nor this',
  '1986. A year',
  '[x](y)',
  '![alt](src)',
  'use `code` here',
  '<tag>',
  'ab<br>cd',
  'a <b>bold</b> word',
  '<rss version="2.0">',
  '<rss',
  '<div',
  '<!-- comment -->',
  '<?php echo 1 ?>',
  '<http://example.com>',
  '<someone@example.com>',
  'a < b and c > d',
  'x<y',
  'AT&T',
  '&amp; literal',
  '&#169; and &#x3C;',
  'test.sender@example.com',
  'see http://example.com/a_b_c',
  'www.example.com',
  '> quote',
  '~~struck~~',
  'path\\to\\file',
  'end with backslash\\',
  'line\n===',
  'line\n---',
  'first\n- second',
];

describe('minimal escapes', () => {
  it.each(tricky)('reads %j back as the same text (CommonMark + GFM)', (value) => {
    const markdown = toMarkdown({ type: 'root', children: [paragraph(value)] });
    const parsed = parser.parse(markdown);
    expect(parsed.children).toHaveLength(1);
    expect(parsed.children[0]?.type).toBe('paragraph');
    expect(toString(parsed)).toBe(value);
  });

  it('reads every tricky string back in a table cell', () => {
    const cells = [...tricky.filter((value) => !value.includes('\n')), 'a | b', '-', '--', '-:', ':-', '|'];
    const table: Root = {
      type: 'root',
      children: [{ type: 'table', children: [row(['head']), ...cells.map((value) => row([value]))] }],
    };
    const parsed = parser.parse(toMarkdown(table));
    const read = parsed.children[0];
    expect(read?.type).toBe('table');
    const values = read?.type === 'table' ? read.children.slice(1).map((cell) => toString(cell)) : [];
    expect(values).toEqual(cells);
  });

  it('reads back the same under a plain CommonMark parser where GFM adds nothing', () => {
    for (const value of ['test.sender@example.com', 'http://example.com', 'AT&T', '2 * 3', 'x<y', '<rss']) {
      const markdown = toMarkdown({ type: 'root', children: [paragraph(value)] });
      expect(toString(commonMark.parse(markdown))).toBe(value);
    }
  });

  it('writes no escape where the character cannot change the meaning', () => {
    const written = (value: string) => toMarkdown({ type: 'root', children: [paragraph(value)] }).trimEnd();
    expect(written('test.sender@example.com')).toBe('test.sender@example.com');
    expect(written('see http://example.com/a_b_c')).toBe('see http://example.com/a_b_c');
    expect(written('<rss')).toBe('<rss');
    expect(written('a < b and c > d')).toBe('a < b and c > d');
    expect(written('AT&T')).toBe('AT&T');
    expect(written('2 * 3 * 4')).toBe('2 * 3 * 4');
    expect(written('#hashtag')).toBe('#hashtag');
  });

  it('still escapes what would become markup', () => {
    const written = (value: string) => toMarkdown({ type: 'root', children: [paragraph(value)] }).trimEnd();
    expect(written('a <b>bold</b> word')).toBe('a \\<b>bold\\</b> word');
    expect(written('&amp; literal')).toBe('\\&amp; literal');
    expect(written('* star')).toBe('\\* star');
    expect(written('a*b*')).toBe('a\\*b\\*');
    expect(written('-')).toBe('\\-');
  });
});
