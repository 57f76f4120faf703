import { posix } from 'node:path';
import type { BlockContent } from 'mdast';
import { descendants, elements, firstElement, localName } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';
import type { Relationship } from './package-parts.js';
import { oneLine } from './slide-section.js';
import { paragraphBlocks, phrasingText } from './text-blocks.js';
import { largestFontSize, paragraphText, textBodyParagraphs } from './pptx-text.js';
import { inferredTitleIndex, type TitleCandidate } from './slide-title.js';
import { drawingTableGrid } from './pptx-table.js';
import { tableNode } from './table-node.js';
import { chartReference } from './pptx-chart.js';
import { diagramReference } from './pptx-diagram.js';

/** A point on the slide in EMU. */
export interface Point {
  x: number;
  y: number;
}

/** A group's mapping of its children's coordinates onto the slide. */
interface Transform {
  map(point: Point): Point;
}

const IDENTITY: Transform = { map: (point) => point };

/** A drawable of the slide, flattened out of its groups, with where it sits. */
export interface PlacedShape {
  element: XmlElement;
  /** Placeholder type (`title`, `body`, …; `obj` when untyped), undefined for a free shape. */
  placeholder?: string;
  placeholderIndex?: string;
  position?: Point;
  /**
   * Levels (0-based) at which a placeholder's paragraphs are bulleted (true) or not (false), as its
   * own list style, its layout's and master's placeholders and the master's body style set them, the
   * nearest first; a level none of them sets is bulleted in a body placeholder.
   */
  bullets?: ReadonlyMap<number, boolean>;
  /** Position in document order, the last tie-breaker. */
  order: number;
}

const numberOf = (value: string | undefined): number => Number(value ?? '0') || 0;

function pointOf(element: XmlElement | undefined): Point | undefined {
  if (element === undefined) return undefined;
  return { x: numberOf(element.attributes.x), y: numberOf(element.attributes.y) };
}

/** The `a:xfrm` of a shape's properties (`p:spPr`, `p:grpSpPr`) or a graphic frame's `p:xfrm`. */
function transformOf(shape: XmlElement): XmlElement | undefined {
  const props = elements(shape).find((child) => ['spPr', 'grpSpPr'].includes(localName(child.name)));
  return (props === undefined ? undefined : firstElement(props, 'a:xfrm')) ?? firstElement(shape, 'p:xfrm');
}

/** A group's children are placed in its child space (`chOff`/`chExt`), scaled onto `off`/`ext`. */
function groupTransform(group: XmlElement, outer: Transform): Transform {
  const xfrm = transformOf(group);
  if (xfrm === undefined) return outer;
  const off = pointOf(firstElement(xfrm, 'a:off')) ?? { x: 0, y: 0 };
  const childOff = pointOf(firstElement(xfrm, 'a:chOff')) ?? off;
  const ext = firstElement(xfrm, 'a:ext');
  const childExt = firstElement(xfrm, 'a:chExt');
  const scale = (outerSize: string | undefined, innerSize: string | undefined): number => {
    const inner = numberOf(innerSize);
    return inner === 0 ? 1 : numberOf(outerSize) / inner;
  };
  const sx = scale(ext?.attributes.cx, childExt?.attributes.cx);
  const sy = scale(ext?.attributes.cy, childExt?.attributes.cy);
  return {
    map: (point) =>
      outer.map({ x: off.x + (point.x - childOff.x) * sx, y: off.y + (point.y - childOff.y) * sy }),
  };
}

function placeholderOf(shape: XmlElement): XmlElement | undefined {
  const nonVisual = elements(shape).find((child) => localName(child.name).startsWith('nv'));
  const nvPr = nonVisual === undefined ? undefined : firstElement(nonVisual, 'p:nvPr');
  return nvPr === undefined ? undefined : firstElement(nvPr, 'p:ph');
}

/** Every drawable of a shape tree, groups flattened with their transforms, in document order. */
export function flattenShapeTree(tree: XmlElement): PlacedShape[] {
  const placed: PlacedShape[] = [];
  const walk = (parent: XmlElement, transform: Transform): void => {
    for (const child of elements(parent)) {
      const name = localName(child.name);
      if (name === 'grpSp') {
        walk(child, groupTransform(child, transform));
      } else if (name === 'AlternateContent') {
        // The fallback is what every reader understands (a picture for a newer object).
        const choice = firstElement(child, 'mc:Fallback') ?? firstElement(child, 'mc:Choice');
        if (choice !== undefined) walk(choice, transform);
      } else if (name === 'sp' || name === 'pic' || name === 'graphicFrame') {
        const ph = placeholderOf(child);
        const offset = pointOf(firstElement(transformOf(child) ?? child, 'a:off'));
        const shape: PlacedShape = { element: child, order: placed.length };
        if (ph !== undefined) {
          shape.placeholder = ph.attributes.type ?? 'obj';
          if (ph.attributes.idx !== undefined) shape.placeholderIndex = ph.attributes.idx;
        }
        if (offset !== undefined) shape.position = transform.map(offset);
        placed.push(shape);
      }
    }
  };
  walk(tree, IDENTITY);
  return placed;
}

/**
 * What a layout's (or master's) placeholders hold of `pick`, by `idx:…` and by `type:…` (the first
 * placeholder of a type): a slide placeholder finds its own by index, else by type.
 */
function placeholderTable<T>(
  tree: XmlElement | undefined,
  pick: (shape: PlacedShape) => T | undefined,
): Map<string, T> {
  const table = new Map<string, T>();
  if (tree === undefined) return table;
  for (const shape of flattenShapeTree(tree)) {
    const value = pick(shape);
    if (shape.placeholder === undefined || value === undefined) continue;
    if (shape.placeholderIndex !== undefined) table.set(`idx:${shape.placeholderIndex}`, value);
    if (!table.has(`type:${shape.placeholder}`)) table.set(`type:${shape.placeholder}`, value);
  }
  return table;
}

/** Where a layout (or master) places its placeholders, by `type:…` and `idx:…`. */
export function placeholderPositions(tree: XmlElement | undefined): Map<string, Point> {
  return placeholderTable(tree, (shape) => shape.position);
}

/**
 * What a list style (`a:lstStyle`, a master's `p:bodyStyle`) says of bullets at each level it sets:
 * `a:buChar`, `a:buAutoNum` or `a:buBlip` bulleted, `a:buNone` not.
 */
export function bulletLevels(listStyle: XmlElement | undefined): Map<number, boolean> {
  const levels = new Map<number, boolean>();
  if (listStyle === undefined) return levels;
  for (const child of elements(listStyle)) {
    const level = /^lvl([1-9])pPr$/.exec(localName(child.name))?.[1];
    if (level === undefined) continue;
    const bullet = elements(child).find((one) => /^bu(None|Char|AutoNum|Blip)$/.test(localName(one.name)));
    if (bullet !== undefined) levels.set(Number(level) - 1, localName(bullet.name) !== 'buNone');
  }
  return levels;
}

/** The list style a shape's own text body sets (`p:txBody/a:lstStyle`). */
export function ownListStyle(shape: PlacedShape): XmlElement | undefined {
  const body = firstElement(shape.element, 'p:txBody');
  return body === undefined ? undefined : firstElement(body, 'a:lstStyle');
}

/** The list style each layout (or master) placeholder sets on its text, by `type:…` and `idx:…`. */
export function placeholderListStyles(tree: XmlElement | undefined): Map<string, XmlElement> {
  return placeholderTable(tree, ownListStyle);
}

/** Title placeholders: their text is the slide's title. */
const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);
/** Boilerplate from the master (date, footer, slide number, header): not the slide's content. */
const BOILERPLATE_PLACEHOLDERS = new Set(['dt', 'ftr', 'sldNum', 'hdr']);
/** Placeholders whose paragraphs are bulleted by the master's body style. */
const BULLETED_PLACEHOLDERS = new Set(['body', 'obj']);
/** Shapes whose tops differ by less than this (EMU, 0.05 inch) are on one line: left to right. */
const SAME_LINE_EMU = 45_720;

const rankOf = (shape: PlacedShape): number =>
  shape.placeholder === undefined
    ? 2
    : TITLE_PLACEHOLDERS.has(shape.placeholder)
      ? 0
      : shape.placeholder === 'subTitle'
        ? 1
        : 2;

/**
 * Reading order: title, subtitle, then the rest top to bottom and left to right (a placeholder
 * without its own position takes its layout's); boilerplate placeholders are dropped.
 */
export function readingOrder(shapes: PlacedShape[], inherited: Map<string, Point>): PlacedShape[] {
  const positioned = shapes
    .filter((shape) => shape.placeholder === undefined || !BOILERPLATE_PLACEHOLDERS.has(shape.placeholder))
    .map((shape) => {
      if (shape.position !== undefined || shape.placeholder === undefined) return shape;
      const position =
        (shape.placeholderIndex === undefined ? undefined : inherited.get(`idx:${shape.placeholderIndex}`)) ??
        inherited.get(`type:${shape.placeholder}`);
      return position === undefined ? shape : { ...shape, position };
    });
  return positioned.sort((a, b) => {
    const rank = rankOf(a) - rankOf(b);
    if (rank !== 0) return rank;
    if (a.position !== undefined && b.position !== undefined) {
      if (Math.abs(a.position.y - b.position.y) >= SAME_LINE_EMU) return a.position.y - b.position.y;
      if (a.position.x !== b.position.x) return a.position.x - b.position.x;
    }
    return a.order - b.order;
  });
}

/** The plain text of a shape's text body, on one line (for titles). */
export function shapeTitle(shape: PlacedShape): string {
  const body = firstElement(shape.element, 'p:txBody');
  if (body === undefined) return '';
  return oneLine(elements(body, 'a:p').map(paragraphText).join(' '));
}

/** DrawingML's size for text whose size the slide does not set (18 pt, in hundredths of a point). */
const DEFAULT_FONT_SIZE = 1800;

function titleCandidate(shape: PlacedShape, body: XmlElement): TitleCandidate {
  const texts = elements(body, 'a:p')
    .map((paragraph) => paragraphText(paragraph).trim())
    .filter((text) => text !== '');
  return {
    text: oneLine(texts.join(' ')),
    size: largestFontSize(body) ?? DEFAULT_FONT_SIZE,
    hasListItem: textBodyParagraphs(body, new Map(), bulletedByDefault(shape)).some(
      (paragraph) => paragraph.level !== undefined && phrasingText(paragraph.content).trim() !== '',
    ),
    lines: texts.reduce((sum, text) => sum + text.split('\n').length, 0),
  };
}

/**
 * The shape that is the slide's title, as a reader sees it: its title placeholder (the first with
 * text), else the text box {@link inferredTitleIndex} picks; `shapes` in reading order.
 */
export function titleShapeOf(shapes: PlacedShape[]): PlacedShape | undefined {
  const placeholder = shapes.find(
    (shape) =>
      shape.placeholder !== undefined &&
      TITLE_PLACEHOLDERS.has(shape.placeholder) &&
      shapeTitle(shape) !== '',
  );
  if (placeholder !== undefined) return placeholder;
  const boxes: { shape: PlacedShape; body: XmlElement }[] = [];
  for (const shape of shapes) {
    const body = shape.element.name === 'p:sp' ? firstElement(shape.element, 'p:txBody') : undefined;
    if (body !== undefined) boxes.push({ shape, body });
  }
  const index = inferredTitleIndex(boxes.map(({ shape, body }) => titleCandidate(shape, body)));
  return index === undefined ? undefined : boxes[index]?.shape;
}

/**
 * Whether a shape's paragraphs are list items at a level without a bullet of their own: in a body
 * placeholder, as the list styles it inherits say (bulleted where none says); elsewhere, when indented.
 */
function bulletedByDefault(shape: PlacedShape): (level: number) => boolean {
  const placeholder = shape.placeholder !== undefined && BULLETED_PLACEHOLDERS.has(shape.placeholder);
  return (level) => (placeholder ? (shape.bullets?.get(level) ?? true) : level > 0);
}

/** A text shape's blocks. */
export function textShapeBlocks(shape: PlacedShape, rels: Map<string, Relationship>): BlockContent[] {
  const body = firstElement(shape.element, 'p:txBody');
  if (body === undefined) return [];
  return paragraphBlocks(textBodyParagraphs(body, rels, bulletedByDefault(shape)));
}

/** A picture as `![alt](file name)`: alt from `descr` (or `title`), the media part's name. */
export function pictureBlocks(shape: PlacedShape, rels: Map<string, Relationship>): BlockContent[] {
  const props = descendants(shape.element, 'p:cNvPr')[0];
  const alt = oneLine(props?.attributes.descr ?? props?.attributes.title ?? '');
  const embed = descendants(shape.element, 'a:blip')[0]?.attributes['r:embed'];
  const media = embed === undefined ? undefined : rels.get(embed);
  const name = media === undefined ? (props?.attributes.name ?? 'image') : posix.basename(media.target);
  return [{ type: 'paragraph', children: [{ type: 'image', url: name, alt }] }];
}

/** What a graphic frame holds: a table, or the relationship id of the chart or SmartArt data it shows. */
export function graphicFrameContent(shape: PlacedShape): {
  table?: BlockContent;
  chartId?: string;
  diagramId?: string;
} {
  const table = descendants(shape.element, 'a:tbl')[0];
  if (table !== undefined) {
    const node = tableNode(drawingTableGrid(table));
    return node === undefined ? {} : { table: node };
  }
  const chartId = chartReference(shape.element);
  if (chartId !== undefined) return { chartId };
  const diagramId = diagramReference(shape.element);
  return diagramId === undefined ? {} : { diagramId };
}
