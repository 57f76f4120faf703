import type { PageBox, Provenance } from '@transmute/plugin-sdk';

/**
 * The provenance of a piece made of consecutive blocks (a chunk, an answer): the file and part
 * they share, the first page (and the last when it spans pages), slide and chapter it starts in,
 * the sheet and cell range they share, the time range they cover, and one box per page merged
 * from the blocks' boxes.
 */
export function mergeProvenance(covered: readonly Provenance[]): Provenance {
  const provenance: Provenance = {};
  const first = covered[0];
  if (!first) return provenance;
  const same = <K extends 'fileId' | 'path' | 'sheet'>(key: K): Provenance[K] | undefined => {
    const value = first[key];
    return covered.every((block) => block[key] === value) ? value : undefined;
  };
  const fileId = same('fileId');
  if (fileId !== undefined) provenance.fileId = fileId;
  const path = same('path');
  if (path !== undefined) provenance.path = path;
  const page = covered.find((block) => block.page !== undefined)?.page;
  if (page !== undefined) provenance.page = page;
  const pageEnd = covered.findLast((block) => block.page !== undefined)?.page;
  if (page !== undefined && pageEnd !== undefined && pageEnd > page) provenance.pageEnd = pageEnd;
  const bbox = mergeBoxes(covered);
  if (bbox.length > 0) provenance.bbox = bbox;
  // Slides and chapters are read in order, so like a page the chunk names the one it starts in. A
  // sheet only when every block of the chunk is in it; a cell range when every block that has one
  // (a table, not the sheet's heading) has the same.
  const slide = covered.find((block) => block.slide !== undefined)?.slide;
  if (slide !== undefined) provenance.slide = slide;
  const chapter = covered.find((block) => block.chapter !== undefined)?.chapter;
  if (chapter !== undefined) provenance.chapter = chapter;
  const sheet = same('sheet');
  if (sheet !== undefined) {
    provenance.sheet = sheet;
    const ranges = new Set(covered.map((block) => block.cellRange).filter((range) => range !== undefined));
    const [range] = ranges;
    if (ranges.size === 1 && range !== undefined) provenance.cellRange = range;
  }
  const starts = covered.map((block) => block.timeStart).filter((value) => value !== undefined);
  const ends = covered.map((block) => block.timeEnd).filter((value) => value !== undefined);
  if (starts.length > 0) provenance.timeStart = Math.min(...starts);
  if (ends.length > 0) provenance.timeEnd = Math.max(...ends);
  const sourceStart = first.startOffset;
  const sourceEnd = covered[covered.length - 1]?.endOffset;
  // Offsets into one source text: not across files, nor across a parent and its attachment (paths).
  if (
    sourceStart !== undefined &&
    sourceEnd !== undefined &&
    same('fileId') === first.fileId &&
    path === first.path
  ) {
    provenance.startOffset = sourceStart;
    provenance.endOffset = sourceEnd;
  }
  return provenance;
}

/** One box per page: the union of the boxes the blocks have on it, pages in order. */
function mergeBoxes(covered: readonly Provenance[]): PageBox[] {
  const byPage = new Map<number, PageBox['box']>();
  for (const { box, page } of covered.flatMap((block) => block.bbox ?? [])) {
    const seen = byPage.get(page);
    byPage.set(
      page,
      seen === undefined
        ? [...box]
        : [
            Math.min(seen[0], box[0]),
            Math.min(seen[1], box[1]),
            Math.max(seen[2], box[2]),
            Math.max(seen[3], box[3]),
          ],
    );
  }
  return [...byPage.entries()].sort(([a], [b]) => a - b).map(([page, box]) => ({ page, box }));
}
