import { describe, expect, it } from 'vitest';
import { toPageLayout } from './layout-page.js';
import type { PageBlock, TextRun } from './layout-types.js';

/** A run of text set in a 10 pt font, about 5 pt per character. */
function run(str: string, x: number, y: number, size = 10, font = 'body'): TextRun {
  return { str, x, y, width: str.length * size * 0.5, size, font };
}

function texts(blocks: PageBlock[]): string[] {
  return blocks.map((block) =>
    block.kind === 'table' ? block.rows.map((row) => row.join('|')).join('/') : block.text,
  );
}

describe('toPageLayout', () => {
  it('reads a right-to-left line from its rightmost word, keeping a Latin stretch inside it in order', () => {
    // pdf.js gives each word in logical order; the words stand left to right on the page.
    const arabic = [run('العربية', 100, 100), run('الخطوط', 140, 100), run('انواع', 175, 100)];
    expect(texts(toPageLayout(1, arabic).blocks)).toEqual(['انواع الخطوط العربية']);
    const hebrew = [
      run('ירושלים', 100, 100),
      run('New', 140, 100),
      run('York', 160, 100),
      run('ב', 185, 100),
    ];
    expect(texts(toPageLayout(1, hebrew).blocks)).toEqual(['ב New York ירושלים']);
  });

  it('reads the left column before the right one, even when their lines share baselines', () => {
    const runs = [
      run('Left one', 50, 100),
      run('Right one', 320, 100),
      run('left two.', 50, 112),
      run('right two.', 320, 112),
    ];
    expect(texts(toPageLayout(1, runs).blocks)).toEqual(['Left one left two.', 'Right one right two.']);
  });

  it('reads a full-width title first, then the columns below it', () => {
    const runs = [
      run('A Title Across The Page Width Of Both Columns Here', 50, 60, 20),
      run('Left', 50, 100),
      run('Right', 320, 100),
    ];
    expect(texts(toPageLayout(1, runs).blocks)).toEqual([
      'A Title Across The Page Width Of Both Columns Here',
      'Left',
      'Right',
    ]);
  });

  it('rejoins words hyphenated across a line break', () => {
    const runs = [run('a hyphen-', 50, 100), run('ated word', 50, 112)];
    expect(texts(toPageLayout(1, runs).blocks)).toEqual(['a hyphenated word']);
  });

  it('keeps the hyphen of a compound broken at a line end, and drops a soft hyphen', () => {
    const runs = [
      run('runs 3d-cube, 3d-', 50, 100),
      run('raytrace and date-format-', 50, 112),
      run('tofte or fannkuch\u00AD', 50, 124),
      run('es', 50, 136),
    ];
    expect(texts(toPageLayout(1, runs).blocks)).toEqual([
      'runs 3d-cube, 3d-raytrace and date-format-tofte or fannkuches',
    ]);
  });

  it('splits paragraphs at a first-line indent', () => {
    const runs = [
      run('First paragraph line that is long', 50, 100),
      run('ends here.', 50, 112),
      run('Second paragraph starts', 70, 124),
      run('and continues to the margin', 50, 136),
    ];
    expect(texts(toPageLayout(1, runs).blocks)).toHaveLength(2);
  });

  it('finds list items behind bullets and numbers', () => {
    const runs = [
      run('• apples', 50, 100),
      run('• pears', 50, 112),
      run('1. first', 50, 140),
      run('2. second', 50, 152),
    ];
    const blocks = toPageLayout(1, runs).blocks;
    expect(blocks.map((block) => block.kind)).toEqual(['list_item', 'list_item', 'list_item', 'list_item']);
    expect(blocks.map((block) => (block.kind === 'list_item' ? [block.text, block.ordered] : []))).toEqual([
      ['apples', false],
      ['pears', false],
      ['first', true],
      ['second', true],
    ]);
  });

  it('finds a table where short cells line up in columns', () => {
    const runs = [
      run('Name', 50, 100),
      run('Qty', 200, 100),
      run('Price', 300, 100),
      run('Apple', 50, 115),
      run('3', 200, 115),
      run('1.20', 300, 115),
      run('Pear', 50, 130),
      run('12', 200, 130),
      run('0.80', 300, 130),
    ];
    expect(texts(toPageLayout(1, runs).blocks)).toEqual(['Name|Qty|Price/Apple|3|1.20/Pear|12|0.80']);
  });

  it('drops overprinted copies of a run ("fake bold")', () => {
    const runs = [
      run('Bold', 50, 100),
      run('Bold', 50.4, 100),
      run('Bold', 50.8, 100.2),
      run('text', 75, 100),
    ];
    expect(texts(toPageLayout(1, runs).blocks)).toEqual(['Bold text']);
  });

  it('puts no space between CJK runs', () => {
    const runs = [run('日本', 50, 100), run('語です', 72, 100)];
    expect(texts(toPageLayout(1, runs).blocks)).toEqual(['日本語です']);
  });

  it('counts characters and marks a layer of unmapped glyphs unusable', () => {
    const layout = toPageLayout(3, [run('abc', 50, 100)], 40);
    expect(layout).toMatchObject({ page: 3, characters: 3, unusable: true });
  });
});
