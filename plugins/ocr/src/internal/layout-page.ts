import { toLineGroups, toTextBlocks } from './layout-blocks.js';
import { withCaptionsBeforeTables, withFloatsAfterSentences } from './layout-captions.js';
import { withFootnotesLast } from './layout-footnotes.js';
import { toReadingOrder } from './layout-order.js';
import { toRows, type Row } from './layout-rows.js';
import { dropOverprint } from './overprint.js';
import { findLatticeTables } from './layout-lattice.js';
import { findPlotAreas, isInPlotArea } from './layout-plot-areas.js';
import { findTables } from './layout-tables.js';
import { joinListMarkers } from './list-markers.js';
import { withSectionTitles } from './section-numbers.js';
import type { Box, PageBlock, PageFrame, PageLayout, Ruling, Segment, TextRun } from './layout-types.js';

/**
 * Lays out one page: text painted over itself dropped, rows and segments from the runs, tables where rows line up in columns, the
 * remaining lines grouped into regions (a list marker set apart joined to its line), regions put in
 * reading order and split into paragraphs, a table's caption read right before it, a figure or table
 * that cuts a sentence read after it, and footnotes after the rest of the page.
 * With the page's `size` (viewport units), the blocks' boxes can be placed on the page; its
 * `frame`, when given, lets page furniture be told by where it sits on the page. Ruled tables are
 * found first, from the page's `rulings`; their text is laid out no further. Nor is a table found
 * among the labels of a chart drawn on a ruled grid.
 */
export function toPageLayout(
  page: number,
  runs: TextRun[],
  unmapped = 0,
  size?: { width: number; height: number },
  frame?: PageFrame,
  rulings: readonly Ruling[] = [],
): PageLayout {
  const kept = dropOverprint(runs);
  // Rows lined up inside a chart's plot area, or its gridlines, are its labels and ticks, not a table.
  const plots = rulings.length === 0 ? [] : findPlotAreas(kept, rulings);
  const lattice = findLatticeTables(kept, rulings).filter((found) => !isInPlotArea(found.table.box, plots));
  const ruled = new Set(lattice.flatMap((found) => [...found.runs]));
  const rows = withSectionTitles(toRows(ruled.size === 0 ? kept : kept.filter((run) => !ruled.has(run))));
  const tables = findTables(plots.length === 0 ? rows : withoutPlotText(rows, plots));
  // By segment: a table's row can leave out text of the other column that shares its baseline.
  const inTable = new Set(tables.flatMap((found) => found.rows.flatMap((row) => row.segments)));
  const segments: Segment[] = joinListMarkers(
    rows.flatMap((row) => row.segments).filter((segment) => !inTable.has(segment)),
  );
  const units: { box: Box; blocks: PageBlock[] }[] = [
    ...toLineGroups(segments).map((group) => ({ box: group.box, blocks: toTextBlocks(group) })),
    ...tables.map((found) => ({ box: found.box, blocks: [found.table] })),
    ...lattice.map((found) => ({ box: found.table.box, blocks: [found.table] })),
  ];
  const ordered = toReadingOrder(units).flatMap((unit) => unit.blocks);
  const blocks = withFootnotesLast(withFloatsAfterSentences(withCaptionsBeforeTables(ordered)));
  const characters = kept.reduce((sum, run) => sum + run.str.replace(/\s+/g, '').length, 0);
  const layout: PageLayout = { page, blocks, characters };
  if (size !== undefined) Object.assign(layout, { width: size.width, height: size.height });
  if (frame !== undefined) layout.frame = frame;
  if (unmapped > 0.3 * (unmapped + characters)) layout.unusable = true;
  return layout;
}

/**
 * The rows without the segments inside a chart's plot area: the chart's labels and ticks, which
 * must neither make a table of their own nor join a table with text beside the chart (its legend).
 */
function withoutPlotText(rows: Row[], plots: readonly Box[]): Row[] {
  return rows
    .map((row) => ({
      ...row,
      segments: row.segments.filter(
        (segment) =>
          !isInPlotArea(
            { x0: segment.x0, x1: segment.x1, top: segment.y - segment.size, bottom: segment.y },
            plots,
          ),
      ),
    }))
    .filter((row) => row.segments.length > 0);
}

/** Whether a page's text layer is worth keeping as is: enough characters, mostly mapped to Unicode. */
export function hasUsableText(layout: PageLayout, minimumCharacters: number): boolean {
  return layout.characters >= minimumCharacters && layout.unusable !== true;
}
