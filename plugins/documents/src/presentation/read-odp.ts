import { posix } from 'node:path';
import { TransmuteError } from '@transmute/plugin-sdk';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import type { BlockContent, RootContent } from 'mdast';
import type { DocumentFile, FormatReader, ReadContext } from '../internal/format-reader.js';
import { packageLimitsOf } from '../internal/package-limits.js';
import { openPackage } from '../internal/open-package.js';
import type { OfficePackage } from '../internal/open-package.js';
import { descendants, elements, firstElement, localName, textOf } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';
import { refuseEncryptedOdf } from '../internal/refuse-encrypted.js';
import { metadataOf } from './core-properties.js';
import { warnHiddenSlides } from './hidden-slides.js';
import type { HiddenSlide } from './hidden-slides.js';
import { readOptionalXmlPart, readXmlPart } from './package-parts.js';
import { chartContentPart, odfChartBlocks } from './odp-chart.js';
import { odfInline, odfParagraphs } from './odp-text.js';
import { oneLine, slideSection } from './slide-section.js';
import { phrasingText, paragraphBlocks } from './text-blocks.js';
import type { CellGrid, GridCell } from './table-node.js';
import { tableNode } from './table-node.js';

/** Centimetres per unit of an ODF length. */
const CM_PER_UNIT: Record<string, number> = {
  cm: 1,
  mm: 0.1,
  in: 2.54,
  pt: 2.54 / 72,
  pc: 2.54 / 6,
  px: 2.54 / 96,
};
/** Frames whose tops differ by less than this (cm) are on one line: left to right. */
const SAME_LINE_CM = 0.1;

function lengthCm(value: string | undefined): number | undefined {
  const match = /^(-?[\d.]+)([a-z]*)$/.exec(value ?? '');
  if (match === null) return undefined;
  return Number(match[1]) * (CM_PER_UNIT[match[2] ?? 'cm'] ?? 1);
}

/** Drawing-page styles that hide their page (`presentation:visibility="hidden"`), from both style parts. */
function hiddenPageStyles(...parts: (XmlElement | undefined)[]): Set<string> {
  const hidden = new Set<string>();
  for (const part of parts) {
    if (part === undefined) continue;
    for (const style of descendants(part, 'style:style')) {
      const props = firstElement(style, 'style:drawing-page-properties');
      const name = style.attributes['style:name'];
      if (name !== undefined && props?.attributes['presentation:visibility'] === 'hidden') hidden.add(name);
    }
  }
  return hidden;
}

interface PlacedFrame {
  element: XmlElement;
  cls: string | undefined;
  x: number | undefined;
  y: number | undefined;
  order: number;
}

const DRAWABLES = new Set([
  'frame',
  'custom-shape',
  'rect',
  'ellipse',
  'polygon',
  'path',
  'circle',
  'caption',
]);
/** Boilerplate from the master page: not the page's own content. */
const BOILERPLATE_CLASSES = new Set(['page-number', 'footer', 'header', 'date-time']);

/** A page's drawables, groups (`draw:g`, absolute coordinates in ODF) flattened, notes left out. */
function flattenPage(page: XmlElement): PlacedFrame[] {
  const placed: PlacedFrame[] = [];
  const walk = (parent: XmlElement): void => {
    for (const child of elements(parent)) {
      if (child.name === 'draw:g') walk(child);
      else if (child.name.startsWith('draw:') && DRAWABLES.has(localName(child.name))) {
        placed.push({
          element: child,
          cls: child.attributes['presentation:class'],
          x: lengthCm(child.attributes['svg:x']),
          y: lengthCm(child.attributes['svg:y']),
          order: placed.length,
        });
      }
    }
  };
  walk(page);
  return placed.filter((frame) => frame.cls === undefined || !BOILERPLATE_CLASSES.has(frame.cls));
}

const rankOf = (frame: PlacedFrame): number => (frame.cls === 'title' ? 0 : frame.cls === 'subtitle' ? 1 : 2);

function readingOrder(frames: PlacedFrame[]): PlacedFrame[] {
  return [...frames].sort((a, b) => {
    const rank = rankOf(a) - rankOf(b);
    if (rank !== 0) return rank;
    if (a.y !== undefined && b.y !== undefined && a.x !== undefined && b.x !== undefined) {
      if (Math.abs(a.y - b.y) >= SAME_LINE_CM) return a.y - b.y;
      if (a.x !== b.x) return a.x - b.x;
    }
    return a.order - b.order;
  });
}

function odfTableGrid(table: XmlElement): CellGrid {
  const rows: GridCell[][] = descendants(table, 'table:table-row').map((row) =>
    elements(row, 'table:table-cell').flatMap((cell) => {
      const text = elements(cell)
        .filter((child) => child.name === 'text:p' || child.name === 'text:h')
        .map((paragraph) => phrasingText(odfInline(paragraph)))
        .join('\n')
        .trim();
      const gridCell: GridCell = {
        text,
        colSpan: Math.max(1, Number(cell.attributes['table:number-columns-spanned'] ?? '1') || 1),
        rowSpan: Math.max(1, Number(cell.attributes['table:number-rows-spanned'] ?? '1') || 1),
      };
      // A repeated cell stands for that many equal cells.
      const repeat = Math.min(
        1024,
        Math.max(1, Number(cell.attributes['table:number-columns-repeated'] ?? '1') || 1),
      );
      return Array.from({ length: repeat }, () => ({ ...gridCell }));
    }),
  );
  const columns = Math.max(0, ...rows.map((row) => row.reduce((sum, cell) => sum + cell.colSpan, 0)));
  return { rows, columns };
}

async function frameBlocks(pkg: OfficePackage, frame: PlacedFrame): Promise<BlockContent[]> {
  const blocks: BlockContent[] = [];
  const chartPart = chartContentPart(frame.element);
  const chart = chartPart === undefined ? undefined : await readOptionalXmlPart(pkg, chartPart);
  if (chart !== undefined) return odfChartBlocks(chart);
  for (const child of elements(frame.element)) {
    if (child.name === 'draw:text-box') blocks.push(...paragraphBlocks(odfParagraphs(child)));
    else if (child.name === 'table:table') {
      const node = tableNode(odfTableGrid(child));
      if (node !== undefined) blocks.push(node);
    } else if (child.name === 'draw:image' && blocks.length === 0) {
      const title = firstElement(frame.element, 'svg:title');
      const desc = firstElement(frame.element, 'svg:desc');
      const alt = oneLine(desc === undefined ? (title === undefined ? '' : textOf(title)) : textOf(desc));
      const name = posix.basename(child.attributes['xlink:href'] ?? 'image');
      blocks.push({ type: 'paragraph', children: [{ type: 'image', url: name, alt }] });
    }
  }
  // A shape (not a frame) holds its paragraphs directly.
  if (frame.element.name !== 'draw:frame') blocks.push(...paragraphBlocks(odfParagraphs(frame.element)));
  return blocks;
}

function frameTitle(frame: PlacedFrame): string {
  const box = firstElement(frame.element, 'draw:text-box');
  return box === undefined
    ? ''
    : oneLine(
        odfParagraphs(box)
          .map((p) => phrasingText(p.content))
          .join(' '),
      );
}

/** Each frame's blocks, in the frames' order. */
async function blocksOf(pkg: OfficePackage, frames: PlacedFrame[]): Promise<BlockContent[]> {
  const blocks: BlockContent[] = [];
  for (const frame of frames) blocks.push(...(await frameBlocks(pkg, frame)));
  return blocks;
}

function notesOf(pkg: OfficePackage, page: XmlElement): Promise<BlockContent[]> {
  const notes = firstElement(page, 'presentation:notes');
  if (notes === undefined) return Promise.resolve([]);
  return blocksOf(
    pkg,
    flattenPage(notes).filter((frame) => frame.cls === 'notes' || frame.cls === undefined),
  );
}

/** A page's default name (`page1`, `Slide 1`) says nothing: it is not used as a title. */
const GENERATED_NAME = /^(page|slide)\s*\d+$/i;

async function readPages(
  pkg: OfficePackage,
  file: DocumentFile,
  ctx: ReadContext,
): Promise<ExtractedDocument> {
  if (!pkg.has('content.xml')) {
    throw new TransmuteError(
      'corrupt_file',
      'The file has no content.xml: it is not an OpenDocument presentation.',
    );
  }
  const content = await readXmlPart(pkg, 'content.xml');
  const hiddenStyles = hiddenPageStyles(content, await readOptionalXmlPart(pkg, 'styles.xml'));
  const body = firstElement(content, 'office:body');
  const presentation = body === undefined ? undefined : firstElement(body, 'office:presentation');
  const children: RootContent[] = [];
  const hidden: HiddenSlide[] = [];
  let number = 0;
  for (const page of presentation === undefined ? [] : elements(presentation, 'draw:page')) {
    ctx.signal.throwIfAborted();
    number += 1;
    const frames = readingOrder(flattenPage(page));
    const titleFrame = frames.find((frame) => frame.cls === 'title' && frameTitle(frame) !== '');
    const name = oneLine(page.attributes['draw:name'] ?? '');
    const title = titleFrame === undefined ? (GENERATED_NAME.test(name) ? '' : name) : frameTitle(titleFrame);
    if (hiddenStyles.has(page.attributes['draw:style-name'] ?? '')) {
      hidden.push({ number, title });
      continue;
    }
    const blocks = await blocksOf(
      pkg,
      frames.filter((frame) => frame !== titleFrame),
    );
    const notes = await notesOf(pkg, page);
    if (title === '' && blocks.length === 0 && notes.length === 0) continue;
    children.push(...slideSection({ number, title, blocks, notes }));
  }
  warnHiddenSlides(hidden, ctx);
  if (children.length === 0) {
    throw new TransmuteError('empty_content', 'The presentation has no text on any visible page.');
  }
  const metadata = metadataOf(await readOptionalXmlPart(pkg, 'meta.xml'), file.mediaType);
  return { root: { type: 'root', children }, metadata };
}

/** odp: one `## Slide N` section per visible `draw:page`. */
export const readOdp: FormatReader = async (file, ctx) => {
  const pkg = await openPackage(file.path, file.sizeBytes, packageLimitsOf(ctx.limits));
  try {
    await refuseEncryptedOdf(pkg, file.name);
    return await readPages(pkg, file, ctx);
  } finally {
    pkg.close();
  }
};
