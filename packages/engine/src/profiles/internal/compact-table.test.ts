import { describe, expect, it } from 'vitest';
import type { Table, TableCell } from 'mdast';
import { toMarkdown } from './markdown.js';

const cell = (value: string): TableCell => ({ type: 'tableCell', children: [{ type: 'text', value }] });

describe('tables in markdown', () => {
  it('are unpadded rows under a three-dash delimiter row that keeps the alignment', () => {
    const table: Table = {
      type: 'table',
      align: [null, 'right', 'center'],
      children: [
        { type: 'tableRow', children: [cell('名前'), cell('a long heading'), cell('x')] },
        { type: 'tableRow', children: [cell('佐藤太郎'), cell('30'), cell('a | b')] },
      ],
    };
    expect(toMarkdown(table)).toBe(
      '| 名前 | a long heading | x |\n| --- | ---: | :---: |\n| 佐藤太郎 | 30 | a \\| b |\n',
    );
  });
});
