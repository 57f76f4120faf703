import { describe, expect, it } from 'vitest';
import type { PageBlock } from './layout-types.js';
import { withoutPageFurniture } from './page-furniture.js';
import type { SourcePage } from './to-document-tree.js';

const line = (text: string, size = 10): PageBlock => ({
  kind: 'paragraph',
  text,
  size,
  font: 'F1',
  lineCount: 1,
});
const FILLER =
  'It runs on for several more lines of ordinary prose, as the body of a real page does. '.repeat(2);
const body = (page: number): PageBlock => ({
  kind: 'paragraph',
  text: `Body text of page ${page}, long enough to be content. ${FILLER}`,
  size: 11,
  font: 'F1',
  lineCount: 4,
});
const pageOf = (page: number, blocks: PageBlock[]): SourcePage => ({ page, blocks, characters: 100 });
const texts = (pages: SourcePage[]) =>
  pages.map((page) => page.blocks.map((block) => ('text' in block ? block.text : 'table')));

describe('withoutPageFurniture', () => {
  it('drops a running header and a numbered footer, keeps the larger title and the body', () => {
    const pages = [1, 2, 3, 4].map((page) =>
      pageOf(page, [
        line('Annual Report 2026', 8),
        ...(page === 1 ? [line('Annual Report 2026', 24)] : []),
        body(page),
        line(`Page ${page} of 4`, 8),
      ]),
    );
    const { pages: kept, removed, lines } = withoutPageFurniture(pages);
    expect(removed).toBe(8);
    expect(lines).toEqual(['Annual Report #', 'Page # of #']);
    expect(texts(kept)).toEqual([
      ['Annual Report 2026', `Body text of page 1, long enough to be content. ${FILLER}`],
      [`Body text of page 2, long enough to be content. ${FILLER}`],
      [`Body text of page 3, long enough to be content. ${FILLER}`],
      [`Body text of page 4, long enough to be content. ${FILLER}`],
    ]);
  });

  it('drops bare page numbers at a page edge, even in two pages, but not in the middle of a page', () => {
    const pages = [
      pageOf(1, [body(1), line('- 1 -')]),
      pageOf(2, [line('ii'), body(2), line('42'), body(2), body(2)]),
    ];
    const { pages: kept, removed } = withoutPageFurniture(pages);
    expect(removed).toBe(2);
    expect(texts(kept)[1]).toEqual([
      `Body text of page 2, long enough to be content. ${FILLER}`,
      '42',
      `Body text of page 2, long enough to be content. ${FILLER}`,
      `Body text of page 2, long enough to be content. ${FILLER}`,
    ]);
  });

  it('keeps lines that repeat on too few pages, long lines, words that only look roman, and one-page documents', () => {
    const long = `This sentence is repeated at the top of every page but it is far too long to be a running header, ${'so it stays '.repeat(3)}`;
    const letter = (index: number) => String.fromCharCode(65 + index);
    const pages = Array.from({ length: 10 }, (_, index) =>
      pageOf(index + 1, [
        line(long),
        line(index < 2 ? 'Draft' : `Section ${letter(index)}`),
        body(index + 1),
        line(index === 3 ? 'civil' : index === 4 ? 'Mix' : `Note ${letter(index)}`),
      ]),
    );
    expect(withoutPageFurniture(pages).removed).toBe(0);
    const single = [pageOf(1, [line('Page 1 of 1'), body(1)])];
    expect(withoutPageFurniture(single)).toEqual({ pages: single, removed: 0, lines: [] });
  });

  it('keeps repeated value lines, a repeat away from the page edges and a heading set larger than the body', () => {
    const at = (block: PageBlock, top: number): PageBlock =>
      block.kind === 'table' ? block : { ...block, box: { x0: 72, x1: 540, top, bottom: top + 10 } };
    const pages = [1, 2, 3, 4].map((page): SourcePage => ({
      ...pageOf(page, [
        at(line(`Test case ${page}: weights`, 14), 60),
        at(line('A, B, C = 0.75, 0.00, 0.00'), 100),
        at(body(page), 130),
        at(line('A, B, C = 0.75, 0.00, 0.00'), 200),
        at(line('X, Y, Z = 1.00, 0.00, 0.00'), 230),
        at(line(`Run ${page} finished without error.`), 400),
      ]),
      frame: { top: 0, bottom: 792 },
    }));
    expect(withoutPageFurniture(pages).removed).toBe(0);
  });

  it('keeps a repeat that holds more than a tenth of a short page', () => {
    const pages = [1, 2, 3].map((page) =>
      pageOf(page, [line('Confidential draft for review'), line(`Short page ${page} text only.`)]),
    );
    expect(withoutPageFurniture(pages).removed).toBe(0);
  });
});

describe('withoutPageFurniture where places are known', () => {
  const frame = { top: 0, bottom: 792 };
  const at = (block: PageBlock, top: number, x0 = 72): PageBlock =>
    block.kind === 'table' ? block : { ...block, box: { x0, x1: x0 + 200, top, bottom: top + block.size } };
  const placed = (page: number, blocks: PageBlock[]): SourcePage => ({ ...pageOf(page, blocks), frame });

  it('drops a page counter at the foot read before the rows above it, but not a number sharing a line with content', () => {
    const pages = [1, 2].map((page) =>
      placed(page, [
        at(body(page), 100),
        at(line(`${page} of 2`), 760, 300),
        at(line('Totals'), 740),
        at(line('42'), 740, 400),
      ]),
    );
    const { pages: kept, removed } = withoutPageFurniture(pages);
    expect(removed).toBe(2);
    expect(texts(kept)[0]).toEqual([
      `Body text of page 1, long enough to be content. ${FILLER}`,
      'Totals',
      '42',
    ]);
  });

  it('drops a title repeated word for word at the top of later pages, however large, and keeps it on the first', () => {
    const pages = [1, 2, 3, 4].map((page) =>
      placed(page, [
        at(line('Totals by district'), 300),
        at(line('PRIMARY ELECTION, AUGUST 7, 2018', 16), 45, 150 + 20 * page),
        at(body(page), 120),
      ]),
    );
    const { pages: kept, removed } = withoutPageFurniture(pages);
    expect(removed).toBe(3);
    expect(texts(kept)[0]).toContain('PRIMARY ELECTION, AUGUST 7, 2018');
    expect(texts(kept)[2]).not.toContain('PRIMARY ELECTION, AUGUST 7, 2018');
  });

  it('keeps a line that repeats at a page edge but never at the same place', () => {
    const pages = [1, 2, 3, 4].map((page) =>
      placed(page, [at(line('Notes on this section'), 10 + 20 * page), at(body(page), 120)]),
    );
    expect(withoutPageFurniture(pages).removed).toBe(0);
  });
});
