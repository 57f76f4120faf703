import { describe, expect, it } from 'vitest';
import { mergeStructures, toStructure } from './markdown-structure.js';

describe('toStructure', () => {
  it('reads headings with their levels, list items (nested ones apart) and tables', () => {
    const structure = toStructure(
      [
        '# Title',
        '',
        '## 1. Introduction',
        '',
        '- first item',
        '  over two lines',
        '  - nested',
        '1. numbered',
        '',
        '| a | b |',
        '| - | - |',
        '| 1 | 2 |',
      ].join('\n'),
    );
    expect(structure.headings).toEqual([
      { level: 1, text: 'Title' },
      { level: 2, text: '1. Introduction' },
    ]);
    expect(structure.listItems).toEqual(['first item\nover two lines', 'nested', 'numbered']);
    expect(structure.tables).toEqual([
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ]);
  });

  it('does not take a paragraph for a heading or a list item', () => {
    const structure = toStructure('Plain text, 1. not a list because it is inline.');
    expect(structure.headings).toEqual([]);
    expect(structure.listItems).toEqual([]);
  });
});

describe('mergeStructures', () => {
  it('puts pages together in order', () => {
    const merged = mergeStructures([toStructure('# A'), toStructure('## B\n\n- x')]);
    expect(merged.headings.map((heading) => heading.text)).toEqual(['A', 'B']);
    expect(merged.listItems).toEqual(['x']);
  });
});
