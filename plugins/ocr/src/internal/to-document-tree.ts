import type { ListItem, Root, RootContent } from 'mdast';
import type { Provenance } from '@transmute/plugin-sdk';
import { ListBuilder } from './document-lists.js';
import type { PageBlock, PageLayout, TextBlock } from './layout-types.js';
import { findLabelColumns, findRowLabels } from './label-columns.js';
import { findMasthead } from './page-masthead.js';
import { PAGE_NUMBER } from './page-number.js';
import { toPageBox } from './page-box.js';
import { toTableNode } from './pdf-table-node.js';

/** A laid-out page with what the tree needs to know about where its text came from. */
export interface SourcePage extends PageLayout {
  /** OCR confidence (0..1) when the page was recognized rather than read from its text layer. */
  confidence?: number;
  /** Words the OCR read too unsurely to keep (noise, and a weak page's words under the minimum). */
  droppedWords?: number;
}

interface Styles {
  bodySize: number;
  /** The font of most text outside tables; undefined when tables hold most of the text. */
  bodyFont: string | undefined;
  headingSizes: number[];
  /** The blocks above the title that are its masthead ({@link findMasthead}): never headings. */
  masthead: ReadonlySet<TextBlock>;
  /** Labels of a table read as blocks ({@link findLabelColumns}, {@link findRowLabels}): never headings. */
  labels: ReadonlySet<TextBlock>;
  /**
   * The depth the document's top numbered sections ("2 Methods", "3. Results") take, when it has
   * any, and how many levels their numbers have (2 for a part of a document that starts at "3.5.").
   */
  numbered?: { depth: Depth; levels: number };
}

/** A numbered section heading: "2 Methods", "3.1 Traces", "3.4.2. Measurement of blood pressure". */
const NUMBERED = /^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+\p{Lu}/u;

/** How many levels a section number has ("3" 1, "3.4.2" 3); undefined when the text is not numbered. */
function numberingLevels(text: string): number | undefined {
  const number = NUMBERED.exec(text)?.[1];
  return number === undefined ? undefined : number.split('.').length;
}

/**
 * Builds the mdast tree of a document: headings decided from font size (larger than the body text)
 * and weight (a short standalone line in another font than the body), list items gathered into
 * lists, tables as GFM tables (HTML where spans need it) with typed data and their cells, and every
 * block tagged with its page.
 */
export function toDocumentTree(pages: SourcePage[], fileId?: string): Root {
  const styles = toStyles(pages);
  const children: RootContent[] = [];
  const lists = new ListBuilder();
  for (const page of pages) {
    lists.turnPage();
    const provenance: Provenance = { page: page.page };
    if (fileId !== undefined) provenance.fileId = fileId;
    if (page.confidence !== undefined) provenance.confidence = Math.round(page.confidence * 1000) / 1000;
    let previous: PageBlock | undefined;
    for (const block of page.blocks) {
      const before = previous;
      previous = block;
      const bbox = toPageBox(block.box, page);
      const data: { provenance: Provenance } = {
        provenance: bbox === undefined ? { ...provenance } : { ...provenance, bbox: [bbox] },
      };
      if (
        block.kind === 'list_item' &&
        block.marker !== undefined &&
        headingDepth(block, styles) !== undefined
      ) {
        lists.close();
        const value = `${block.marker} ${block.text}`;
        children.push({
          type: 'heading',
          depth: headingDepth(block, styles) ?? 1,
          children: [{ type: 'text', value }],
          data,
        });
        continue;
      }
      if (block.kind === 'list_item') {
        const item: ListItem = { type: 'listItem', spread: false, children: [paragraph(block.text)], data };
        const opened = lists.add(block, item, provenance, bbox);
        if (opened !== undefined) children.push(opened);
        continue;
      }
      if (block.kind === 'paragraph' && block.caption !== undefined) {
        // A caption is its own paragraph: never a heading, never carried into a list item.
        lists.close();
        children.push({ ...paragraph(block.text), data: { ...data, caption: block.caption } });
        continue;
      }
      if (block.kind === 'paragraph' && headingDepth(block, styles) === undefined) {
        if (lists.follow(block, { ...paragraph(block.text), data })) continue;
      }
      lists.close();
      if (block.kind === 'table') {
        children.push(toTableNode(block, page, data));
        continue;
      }
      const depth = headingDepth(block, styles);
      const last = children.at(-1);
      if (depth === undefined) children.push({ ...paragraph(block.text), data });
      else if (last?.type === 'heading' && last.depth === depth && continuesLine(before, block))
        last.children.push({ type: 'text', value: ` ${block.text}` });
      else children.push({ type: 'heading', depth, children: [{ type: 'text', value: block.text }], data });
    }
  }
  return { type: 'root', children };
}

/**
 * Whether a block carries on the line of the block before it: one line each, on one baseline, to
 * its right ("SECTION 2" and "DIESEL ENGINES" spaced apart across the top of a page).
 */
function continuesLine(before: PageBlock | undefined, block: TextBlock): boolean {
  if (before?.kind !== 'paragraph' || before.box === undefined || block.box === undefined) return false;
  return (
    before.lineCount === 1 &&
    block.lineCount === 1 &&
    Math.abs(before.box.bottom - block.box.bottom) <= 0.2 * block.size &&
    block.box.x0 > before.box.x1
  );
}

function paragraph(text: string): { type: 'paragraph'; children: [{ type: 'text'; value: string }] } {
  return { type: 'paragraph', children: [{ type: 'text', value: text }] };
}

function toStyles(pages: SourcePage[]): Styles {
  const sizes = new Map<number, number>();
  let tableCharacters = 0;
  const fonts = new Map<string, number>();
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind === 'table') {
        // A page of tables under a title: the tables' text is the body the title stands out from.
        if (block.size === undefined) continue;
        const size = sizeTier({ size: block.size });
        const characters = block.rows.flat().reduce((sum, cell) => sum + cell.length, 0);
        sizes.set(size, (sizes.get(size) ?? 0) + characters);
        tableCharacters += characters;
        continue;
      }
      const size = sizeTier(block);
      sizes.set(size, (sizes.get(size) ?? 0) + block.text.length);
      fonts.set(block.font, (fonts.get(block.font) ?? 0) + block.text.length);
    }
  }
  const bodySize = heaviest(sizes) ?? 10;
  // Among a few lines around tables, a line in another font stands out from nothing: no body font.
  const proseCharacters = [...fonts.values()].reduce((sum, count) => sum + count, 0);
  const bodyFont = proseCharacters >= tableCharacters ? heaviest(fonts) : undefined;
  const larger = pages.flatMap((page) =>
    page.blocks.filter(
      (block): block is TextBlock =>
        block.kind === 'paragraph' && isHeadingText(block) && block.size >= bodySize * 1.15,
    ),
  );
  // The title: the first block in the largest size. What stands above it is a masthead, whose sizes make no tier.
  const titleSize = Math.max(...larger.map(sizeTier));
  const title = larger.find((block) => sizeTier(block) === titleSize);
  const masthead = title === undefined ? new Set<TextBlock>() : findMasthead(pages, title);
  const headingSizes = new Set(larger.filter((block) => !masthead.has(block)).map(sizeTier));
  const styles: Styles = {
    bodySize,
    bodyFont,
    headingSizes: [...headingSizes].sort((a, b) => b - a),
    masthead,
    labels: new Set(),
  };
  const depthOf = (block: TextBlock): Depth | undefined => tierDepth(block, styles);
  styles.labels = new Set([...findRowLabels(pages, depthOf), ...findLabelColumns(pages, depthOf)]);
  const numbered = pages.flatMap((page) =>
    page.blocks.flatMap((block) => {
      const levels = block.kind === 'table' ? undefined : numberingLevels(block.text);
      const depth = block.kind === 'table' ? undefined : tierDepth(block, styles);
      return levels === undefined || depth === undefined ? [] : [{ levels, depth }];
    }),
  );
  // The shallowest numbers present are the top sections (the document may start deep in its outline).
  const top = Math.min(...numbered.map((heading) => heading.levels));
  const topDepths = new Map<Depth, number>();
  for (const heading of numbered)
    if (heading.levels === top) topDepths.set(heading.depth, (topDepths.get(heading.depth) ?? 0) + 1);
  const depth = heaviest(topDepths);
  if (depth !== undefined) styles.numbered = { depth, levels: top };
  return styles;
}

function heaviest<TKey>(weights: Map<TKey, number>): TKey | undefined {
  let best: TKey | undefined;
  let bestWeight = -1;
  for (const [key, weight] of weights) {
    if (weight > bestWeight) {
      best = key;
      bestWeight = weight;
    }
  }
  return best;
}

/** Text no heading is, whatever its font. */
const NOT_A_HEADING: readonly RegExp[] = [
  PAGE_NUMBER,
  // A note wholly in parentheses: "(Rs. in 000)", a table's unit.
  /^\(.*\)$/,
  // A line carrying a web address: a masthead's or a footer's.
  /https?:\/\/|www\./i,
  // A copyright or licence notice: "© 2020 …", "Copyright: Creative Commons …" (not a section titled "Copyright").
  /^(?:©|\(c\)\s|copyright\b\s*(?:[:©]|\(c\)|c\s|\d{4}))|all rights reserved|licen[cs]ed under/i,
];

function isHeadingText(block: TextBlock): boolean {
  // Two letters at least: a lone letter in a large font is a figure's label, not a heading.
  const letters = block.text.match(/\p{L}/gu)?.length ?? 0;
  return (
    block.lineCount <= 3 &&
    block.text.length <= 160 &&
    letters >= 2 &&
    !NOT_A_HEADING.some((pattern) => pattern.test(block.text)) &&
    !isTurned(block)
  );
}

/**
 * Whether a block's text runs across the page's reading direction (turned a quarter: a running head
 * up the margin, an axis title): its runs have no width in the page's frame (see pdf-text.ts).
 */
function isTurned(block: TextBlock): boolean {
  return block.box !== undefined && block.box.x1 - block.box.x0 < 1e-6 && block.text.length > 1;
}

type Depth = 1 | 2 | 3 | 4 | 5 | 6;

function toDepth(value: number): Depth {
  return Math.max(1, Math.min(6, Math.round(value))) as Depth;
}

/**
 * A heading's depth: a numbered section takes the depth of the document's top numbered sections
 * plus one per level of its number ("3.1" under "3."), so levels stay consistent wherever the
 * fonts do not tell them apart; other headings take their size tier.
 */
function headingDepth(block: TextBlock, styles: Styles): Depth | undefined {
  const depth = tierDepth(block, styles);
  const levels = numberingLevels(block.text);
  if (depth === undefined || levels === undefined || styles.numbered === undefined) return depth;
  return toDepth(styles.numbered.depth + levels - styles.numbered.levels);
}

/** The depth of a heading by its size tier (or one below the tiers for a bold-like line). */
function tierDepth(block: TextBlock, styles: Styles): Depth | undefined {
  if (!isHeadingText(block) || styles.masthead.has(block) || styles.labels.has(block)) return undefined;
  const size = sizeTier(block);
  const rank = styles.headingSizes.indexOf(size);
  if (rank >= 0) return toDepth(Math.min(rank + 1, 4));
  const words = block.text.split(/\s+/).length;
  const boldLike =
    styles.bodyFont !== undefined &&
    block.font !== '' &&
    block.font !== styles.bodyFont &&
    // A numbered title may wrap ("3.1.3 Special requirements for starting / arrangements for …").
    (block.lineCount === 1 || numberingLevels(block.text) !== undefined) &&
    words <= 12 * block.lineCount &&
    block.size >= styles.bodySize * 0.95 &&
    /^[\p{Lu}\p{N}]/u.test(block.text) &&
    !/[.,;]$/.test(block.text);
  return boldLike ? toDepth(styles.headingSizes.length + 1) : undefined;
}

/** A size to the nearest half point: sizes that close are one tier. */
function sizeTier({ size }: { size: number }): number {
  return Math.round(size * 2) / 2;
}
