import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { dropReplySubjects } from './reply-subjects.js';

const heading = (text: string): Root['children'][number] => ({
  type: 'heading',
  depth: 3,
  children: [{ type: 'text', value: text }],
});
const paragraph = (text: string): Root['children'][number] => ({
  type: 'paragraph',
  children: [{ type: 'text', value: text }],
});

describe('dropReplySubjects', () => {
  it("drops the 'Re: subject' heading of every reply of a thread", () => {
    const root: Root = {
      type: 'root',
      children: [
        heading('Discuss the 7.1.0 release here'),
        paragraph('It is out.'),
        ...['Works for me.', 'NAT is broken.', 'Same here.'].flatMap((text) => [
          heading('Re: Discuss the 7.1.0 release here'),
          paragraph(text),
        ]),
      ],
    };
    expect(dropReplySubjects(root)).toBe(3);
    expect(root.children.map((node) => toString(node))).toEqual([
      'Discuss the 7.1.0 release here',
      'It is out.',
      'Works for me.',
      'NAT is broken.',
      'Same here.',
    ]);
  });

  it("keeps a page's one or two 'Re:' headings", () => {
    const root: Root = {
      type: 'root',
      children: [heading('Re: your letter of May 3'), paragraph('Dear Ann')],
    };
    expect(dropReplySubjects(root)).toBe(0);
    expect(root.children).toHaveLength(2);
  });
});
