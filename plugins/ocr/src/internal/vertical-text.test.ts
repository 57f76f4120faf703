import { describe, expect, it } from 'vitest';
import { joinVerticalColumns } from './vertical-text.js';

const piece = (str: string, x: number, y: number, height: number, fontName = 'vertical') => ({
  str,
  transform: [30, 0, 0, 30, x, y],
  width: 30,
  height,
  fontName,
});
const styles = { vertical: { vertical: true }, horizontal: { vertical: false } };

describe('joinVerticalColumns', () => {
  it('joins the pieces of a vertical column top down, one item per column', () => {
    const items = [
      piece('あ', 695, 613, 30),
      piece('のイー', 695, 589, 80),
      piece('ハ', 695, 518, 30),
      piece('風が', 595, 610, 60),
    ];
    const joined = joinVerticalColumns(items, styles) as { str: string; height: number }[];
    expect(joined.map((item) => item.str)).toEqual(['あのイーハ', '風が']);
    expect(joined[0]?.height).toBe(613 - (518 - 30));
  });

  it('leaves horizontal text and pieces far apart in one column alone', () => {
    const items = [
      piece('tracking', 185, 689, 30, 'horizontal'),
      piece('kerning', 400, 689, 30, 'horizontal'),
      piece('あ', 695, 613, 30),
      piece('の', 695, 300, 30),
    ];
    expect((joinVerticalColumns(items, styles) as { str: string }[]).map((item) => item.str)).toEqual([
      'tracking',
      'kerning',
      'あ',
      'の',
    ]);
  });
});
