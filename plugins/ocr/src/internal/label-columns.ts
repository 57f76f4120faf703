import type { PageLayout, TextBlock } from './layout-types.js';
import { sameLine } from './page-bands.js';

/** Fewest lines one under another that make a column of labels. */
const MIN_LABELS = 3;
/** Farthest (in lines) a label stands below the one above it. */
const MAX_GAP_LINES = 1.5;

/**
 * Columns of labels: three or more one-line blocks in a row of a page's reading order that would
 * each be a heading of the same depth, one under another at the same left edge, with no text
 * between them and no wide gap — a table's row labels read apart from its values (a result sheet's town names), a
 * list of names in a larger font. A heading has its section under it, so such a run holds none.
 * `depthOf` answers the depth a block would have as a heading (undefined: it would be none).
 */
export function findLabelColumns(
  pages: readonly PageLayout[],
  depthOf: (block: TextBlock) => number | undefined,
): Set<TextBlock> {
  const labels = new Set<TextBlock>();
  for (const page of pages) {
    let run: TextBlock[] = [];
    const close = (): void => {
      if (run.length >= MIN_LABELS) for (const block of run) labels.add(block);
      run = [];
    };
    for (const block of page.blocks) {
      if (block.kind === 'table') {
        close();
        continue;
      }
      const depth = depthOf(block);
      const first = run[0];
      const joins =
        first !== undefined &&
        depth !== undefined &&
        depth === depthOf(first) &&
        block.lineCount === 1 &&
        block.box !== undefined &&
        first.box !== undefined &&
        Math.abs(block.box.x0 - first.box.x0) <= 0.2 * block.size &&
        isNextLine(run.at(-1), block);
      if (joins) {
        run.push(block);
        continue;
      }
      close();
      if (depth !== undefined && block.lineCount === 1 && block.box !== undefined) run = [block];
    }
    close();
  }
  return labels;
}

/** Whether a block stands under another, at most one and a half lines below it (labels set close). */
function isNextLine(above: TextBlock | undefined, block: TextBlock): boolean {
  if (above?.box === undefined || block.box === undefined) return false;
  const gap = block.box.top - above.box.bottom;
  return gap >= -0.2 * block.size && gap <= MAX_GAP_LINES * block.size;
}

/** Fewest numbers on a label's line, right of it, that make it a row of values. */
const MIN_ROW_VALUES = 2;
/** A value: a number, maybe signed, grouped, decimal or a percentage ("1,102", "-3.5", "10%"). */
const VALUE = /^[-+–(]?\$?\d[\d,. ]*%?\)?$/;

/**
 * Row labels: would-be headings with two or more numbers standing on their line to their right
 * ("Totals" before a row of sums, where the table was not found and its cells came out as blocks).
 */
export function findRowLabels(
  pages: readonly PageLayout[],
  depthOf: (block: TextBlock) => number | undefined,
): Set<TextBlock> {
  const labels = new Set<TextBlock>();
  for (const page of pages) {
    const values = page.blocks.filter(
      (block): block is TextBlock => block.kind !== 'table' && VALUE.test(block.text.trim()),
    );
    if (values.length < MIN_ROW_VALUES) continue;
    for (const block of page.blocks) {
      if (block.kind === 'table' || block.lineCount !== 1 || depthOf(block) === undefined) continue;
      const box = block.box;
      if (box === undefined) continue;
      const onLine = values.filter(
        (value) => value.box !== undefined && value.box.x0 >= box.x1 && sameLine(block, value),
      );
      if (onLine.length >= MIN_ROW_VALUES) labels.add(block);
    }
  }
  return labels;
}
