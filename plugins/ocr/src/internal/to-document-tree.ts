import type { List, ListItem, Root, RootContent } from 'mdast';
import type { PageBox, Provenance } from '@transmute/plugin-sdk';
import type { PageBlock, PageLayout, TextBlock } from './layout-types.js';
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
  bodyFont: string;
  headingSizes: number[];
  /** The depth the document's top numbered sections ("2 Methods", "3. Results") take, when it has any. */
  numberedDepth?: Depth;
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
  let list: List | undefined;
  // The last list item's block, while a paragraph indented under its text may still continue it.
  let lastItem: TextBlock | undefined;
  for (const page of pages) {
    lastItem = undefined;
    const provenance: Provenance = { page: page.page };
    if (fileId !== undefined) provenance.fileId = fileId;
    if (page.confidence !== undefined) provenance.confidence = Math.round(page.confidence * 1000) / 1000;
    for (const block of page.blocks) {
      const bbox = toPageBox(block.box, page);
      const data: { provenance: Provenance } = {
        provenance: bbox === undefined ? { ...provenance } : { ...provenance, bbox: [bbox] },
      };
      if (
        block.kind === 'list_item' &&
        block.marker !== undefined &&
        headingDepth(block, styles) !== undefined
      ) {
        list = undefined;
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
        const ordered = block.ordered === true;
        if (list === undefined || list.ordered !== ordered) {
          list = {
            type: 'list',
            ordered,
            spread: false,
            children: [],
            data: { provenance: { ...provenance } },
          };
          // A numbered list keeps its first number ("3." after a paragraph goes on from "2.").
          const start = Number.parseInt(block.marker ?? '', 10);
          if (ordered && Number.isInteger(start) && start !== 1) list.start = start;
          children.push(list);
        }
        // The list spans its items: on each page, the union of their boxes.
        const listProvenance = list.data?.provenance;
        if (listProvenance !== undefined && bbox !== undefined) {
          listProvenance.bbox = addBox(listProvenance.bbox ?? [], bbox);
        }
        const item: ListItem = { type: 'listItem', spread: false, children: [paragraph(block.text)], data };
        list.children.push(item);
        lastItem = block;
        continue;
      }
      const item = list?.children.at(-1);
      if (item !== undefined && lastItem !== undefined && continuesItem(lastItem, block, styles)) {
        item.children.push({ ...paragraph(block.text), data });
        item.spread = true;
        continue;
      }
      list = undefined;
      lastItem = undefined;
      if (block.kind === 'table') {
        children.push(toTableNode(block, page, data));
        continue;
      }
      const depth = headingDepth(block, styles);
      if (depth === undefined) children.push({ ...paragraph(block.text), data });
      else children.push({ type: 'heading', depth, children: [{ type: 'text', value: block.text }], data });
    }
  }
  return { type: 'root', children };
}

/**
 * Whether a paragraph goes on with the list item before it: it stands indented under the item's
 * text (right of the item's marker, by less than a few ems), as a follow-on paragraph of an item is set.
 */
function continuesItem(item: TextBlock, block: PageBlock, styles: Styles): block is TextBlock {
  if (block.kind !== 'paragraph' || item.box === undefined || block.box === undefined) return false;
  const indent = block.box.x0 - item.box.x0;
  return indent >= 0.8 * item.size && indent <= 4 * item.size && headingDepth(block, styles) === undefined;
}

/** Boxes with `added` merged into the box of its page (or appended for a new page). */
function addBox(boxes: PageBox[], added: PageBox): PageBox[] {
  const same = boxes.find((entry) => entry.page === added.page);
  if (same === undefined) return [...boxes, added];
  const [a0, a1, a2, a3] = same.box;
  const [b0, b1, b2, b3] = added.box;
  return boxes.map((entry) =>
    entry === same
      ? { page: entry.page, box: [Math.min(a0, b0), Math.min(a1, b1), Math.max(a2, b2), Math.max(a3, b3)] }
      : entry,
  );
}

function paragraph(text: string): { type: 'paragraph'; children: [{ type: 'text'; value: string }] } {
  return { type: 'paragraph', children: [{ type: 'text', value: text }] };
}

function toStyles(pages: SourcePage[]): Styles {
  const sizes = new Map<number, number>();
  const fonts = new Map<string, number>();
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind === 'table') continue;
      const size = Math.round(block.size * 2) / 2;
      sizes.set(size, (sizes.get(size) ?? 0) + block.text.length);
      fonts.set(block.font, (fonts.get(block.font) ?? 0) + block.text.length);
    }
  }
  const bodySize = heaviest(sizes) ?? 10;
  const bodyFont = heaviest(fonts) ?? '';
  const headingSizes = new Set<number>();
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind === 'paragraph' && isHeadingText(block) && block.size >= bodySize * 1.15) {
        headingSizes.add(Math.round(block.size * 2) / 2);
      }
    }
  }
  const styles: Styles = { bodySize, bodyFont, headingSizes: [...headingSizes].sort((a, b) => b - a) };
  const topDepths = new Map<Depth, number>();
  for (const page of pages)
    for (const block of page.blocks) {
      if (block.kind === 'table' || numberingLevels(block.text) !== 1) continue;
      const depth = tierDepth(block, styles);
      if (depth !== undefined) topDepths.set(depth, (topDepths.get(depth) ?? 0) + 1);
    }
  const numberedDepth = heaviest(topDepths);
  if (numberedDepth !== undefined) styles.numberedDepth = numberedDepth;
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

function isHeadingText(block: TextBlock): boolean {
  // Two letters at least: a lone letter in a large font is a figure's label, not a heading.
  const letters = block.text.match(/\p{L}/gu)?.length ?? 0;
  return block.lineCount <= 3 && block.text.length <= 160 && letters >= 2;
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
  if (depth === undefined || levels === undefined || styles.numberedDepth === undefined) return depth;
  return toDepth(styles.numberedDepth + levels - 1);
}

/** The depth of a heading by its size tier (or one below the tiers for a bold-like line). */
function tierDepth(block: TextBlock, styles: Styles): Depth | undefined {
  if (!isHeadingText(block)) return undefined;
  const size = Math.round(block.size * 2) / 2;
  const rank = styles.headingSizes.indexOf(size);
  if (rank >= 0) return toDepth(Math.min(rank + 1, 4));
  const words = block.text.split(/\s+/).length;
  const boldLike =
    block.font !== '' &&
    block.font !== styles.bodyFont &&
    block.lineCount === 1 &&
    words <= 12 &&
    block.size >= styles.bodySize * 0.95 &&
    /^[\p{Lu}\p{N}]/u.test(block.text) &&
    !/[.,;]$/.test(block.text);
  return boldLike ? toDepth(styles.headingSizes.length + 1) : undefined;
}
