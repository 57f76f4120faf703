import { describe, expect, it } from 'vitest';
import { mergeProvenance } from './merge-provenance.js';

describe('mergeProvenance', () => {
  it('names the first and last page of blocks across pages and keeps one box per page, merged', () => {
    const merged = mergeProvenance([
      { page: 1, bbox: [{ page: 1, box: [0.1, 0.7, 0.5, 0.8] }] },
      { page: 1, bbox: [{ page: 1, box: [0.2, 0.8, 0.9, 0.95] }] },
      { page: 2, bbox: [{ page: 2, box: [0.1, 0.05, 0.6, 0.2] }] },
    ]);
    expect(merged).toEqual({
      page: 1,
      pageEnd: 2,
      bbox: [
        { page: 1, box: [0.1, 0.7, 0.9, 0.95] },
        { page: 2, box: [0.1, 0.05, 0.6, 0.2] },
      ],
    });
  });

  it('has no page end or boxes for blocks on one page without geometry', () => {
    expect(mergeProvenance([{ page: 3 }, { page: 3 }])).toEqual({ page: 3 });
    expect(mergeProvenance([{ slide: 2 }, { slide: 3 }])).toEqual({ slide: 2 });
  });
});
