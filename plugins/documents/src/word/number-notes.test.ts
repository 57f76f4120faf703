import type { RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { numberNotes } from './number-notes.js';

const reference = (identifier: string): RootContent => ({
  type: 'paragraph',
  children: [
    { type: 'text', value: 'See' },
    { type: 'footnoteReference', identifier, label: identifier },
  ],
});
const definition = (identifier: string, text: string): RootContent => ({
  type: 'footnoteDefinition',
  identifier,
  label: identifier,
  children: [{ type: 'paragraph', children: [{ type: 'text', value: text }] }],
});

const labels = (blocks: RootContent[]): string[] =>
  blocks.flatMap((block) =>
    block.type === 'footnoteDefinition'
      ? [`def ${block.identifier}`]
      : block.type === 'paragraph'
        ? block.children.flatMap((child) =>
            child.type === 'footnoteReference' ? [`ref ${child.identifier}`] : [],
          )
        : [],
  );

describe('numberNotes', () => {
  it('numbers notes in the order of their first reference, footnotes and endnotes in one series', () => {
    const blocks = [
      reference('en1'),
      reference('fn2'),
      reference('en1'),
      definition('fn2', 'A'),
      definition('en1', 'B'),
    ];
    numberNotes(blocks);
    expect(labels(blocks)).toEqual(['ref 1', 'ref 2', 'ref 1', 'def 1', 'def 2']);
  });

  it('gives no number to a reference whose note was empty, so the numbers run without a gap', () => {
    const blocks = [
      reference('fn2'),
      reference('fn3'),
      reference('fn4'),
      definition('fn2', 'A'),
      definition('fn4', 'C'),
    ];
    numberNotes(blocks);
    expect(labels(blocks)).toEqual(['ref 1', 'ref fn3', 'ref 2', 'def 1', 'def 2']);
  });
});
