import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { toMarkdown } from './markdown.js';

const paragraphOf = (value: string): Root => ({
  type: 'root',
  children: [{ type: 'paragraph', children: [{ type: 'text', value }] }],
});

// The patched writer (patches/mdast-util-to-markdown@2.2.3.patch) tries a line-start pattern only at
// the text's line endings, each from the previous match's end, as a search through the whole text
// would. These are the outputs of the unpatched search, kept as written.
const written: [string, string][] = [
  ['one\n- two', 'one\n\\- two\n'],
  ['one\n1. two\n2) three', 'one\n1\\. two\n2\\) three\n'],
  // A space before a line ending (a hard break) is encoded: a pattern matching just before a break.
  ['trailing \nspace', 'trailing&#x20;\nspace\n'],
  // The first `-` line's match takes the line ending after it, so the next line's `- y` is not
  // matched by that pattern: the search goes on from a match's end.
  ['x\n-\n- y\n+\n*', 'x\n\\-\n- y\n\\+\n\\*\n'],
  ['a\n# b\n## c', 'a\n\\# b\n\\## c\n'],
  ['line\n> quote\n<div>', 'line\n\\> quote\n\\<div>\n'],
  ['a\r\nb \r\n= c', 'a\r\nb&#x20;\r\n\\= c\n'],
  ['\n1986. A year', '&#xA;1986\\. A year\n'],
  ['tab\n\t- item', 'tab\n&#x9;\\- item\n'],
  ['x\n[a]: b', 'x\n\\[a]: b\n'],
  ['no line ending - 1. # > here', 'no line ending - 1. # > here\n'],
];

describe('escapes at line starts', () => {
  it.each(written)('writes %j as the whole-text search did', (text, markdown) => {
    expect(toMarkdown(paragraphOf(text))).toBe(markdown);
  });

  it('writes the same text the same way in later calls (rules reused across calls)', () => {
    const first = toMarkdown(paragraphOf('a & b &amp; c\n- d'));
    expect(toMarkdown(paragraphOf('a & b &amp; c\n- d'))).toBe(first);
    expect(first).toBe('a & b \\&amp; c\n\\- d\n');
  });
});
