import { TransmuteError } from '@transmute/plugin-sdk';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import type { BlockContent, RootContent } from 'mdast';
import type { DocumentFile, FormatReader, ReadContext } from '../internal/format-reader.js';
import { packageLimitsOf } from '../internal/package-limits.js';
import { openPackage } from '../internal/open-package.js';
import type { OfficePackage } from '../internal/open-package.js';
import { descendants, elements, firstElement, textOf } from '../internal/parse-xml.js';
import { refuseEncryptedOoxml } from '../internal/refuse-encrypted.js';
import type { XmlElement } from '../internal/parse-xml.js';
import { metadataOf } from './core-properties.js';
import { warnHiddenSlides } from './hidden-slides.js';
import type { HiddenSlide } from './hidden-slides.js';
import {
  readOptionalXmlPart,
  readRelationships,
  readXmlPart,
  relationshipOfType,
  required,
} from './package-parts.js';
import type { Relationship } from './package-parts.js';
import { chartBlocks } from './pptx-chart.js';
import { diagramBlocks } from './pptx-diagram.js';
import {
  bulletLevels,
  flattenShapeTree,
  ownListStyle,
  placeholderListStyles,
  graphicFrameContent,
  pictureBlocks,
  placeholderPositions,
  readingOrder,
  shapeTitle,
  textShapeBlocks,
  titleShapeOf,
} from './pptx-shapes.js';
import type { PlacedShape, Point } from './pptx-shapes.js';
import { slideSection } from './slide-section.js';
import type { SlideContent } from './slide-section.js';

const PRESENTATION_PART = 'ppt/presentation.xml';
function shapeTreeOf(part: XmlElement): XmlElement | undefined {
  const cSld = firstElement(part, 'p:cSld');
  return cSld === undefined ? undefined : firstElement(cSld, 'p:spTree');
}

/** What a slide's placeholders inherit from its layout and master. */
interface Inherited {
  /** Layout, then master, placeholder positions (a slide placeholder may inherit its place). */
  positions: Map<string, Point>;
  /** The placeholders' list styles of the layout, then of the master, by `idx:` and `type:` key. */
  listStyles: Map<string, XmlElement>[];
  /** The master's `p:bodyStyle`: the list style every body placeholder starts from. */
  bodyStyle?: XmlElement;
}

async function inheritedFrom(pkg: OfficePackage, slideRels: Map<string, Relationship>): Promise<Inherited> {
  const layout = relationshipOfType(slideRels, 'slideLayout');
  if (layout === undefined || !pkg.has(layout.target)) return { positions: new Map(), listStyles: [] };
  const layoutPart = await readXmlPart(pkg, layout.target);
  const master = relationshipOfType(await readRelationships(pkg, layout.target), 'slideMaster');
  const masterPart = master === undefined ? undefined : await readOptionalXmlPart(pkg, master.target);
  const masterTree = masterPart === undefined ? undefined : shapeTreeOf(masterPart);
  const positions = placeholderPositions(masterTree);
  for (const [key, point] of placeholderPositions(shapeTreeOf(layoutPart))) positions.set(key, point);
  const txStyles = masterPart === undefined ? undefined : firstElement(masterPart, 'p:txStyles');
  const bodyStyle = txStyles === undefined ? undefined : firstElement(txStyles, 'p:bodyStyle');
  return {
    positions,
    listStyles: [placeholderListStyles(shapeTreeOf(layoutPart)), placeholderListStyles(masterTree)],
    ...(bodyStyle !== undefined && { bodyStyle }),
  };
}

/**
 * A placeholder's bulleted levels, as PowerPoint resolves them: its own list style, then its
 * layout's placeholder (by index, else type; an untyped one is the master's body), the master's, and
 * the master's body style, the nearest that sets a level deciding it. A section header's or a
 * caption's body sets `a:buNone` in its layout: its text is no list.
 */
function withBullets(shape: PlacedShape, inherited: Inherited): PlacedShape {
  if (shape.placeholder === undefined) return shape;
  const typeKeys = [`type:${shape.placeholder}`, ...(shape.placeholder === 'obj' ? ['type:body'] : [])];
  // A layout's placeholder is found by index, then type; the master's by type alone (PowerPoint
  // ties a layout to its master by type: the master's `idx` 2 is its date, not a content frame).
  const layoutKeys = [
    ...(shape.placeholderIndex === undefined ? [] : [`idx:${shape.placeholderIndex}`]),
    ...typeKeys,
  ];
  const chain = [
    ownListStyle(shape),
    ...inherited.listStyles.map((styles, level) =>
      (level === 0 ? layoutKeys : typeKeys)
        .map((key) => styles.get(key))
        .find((style) => style !== undefined),
    ),
    shape.placeholder === 'body' || shape.placeholder === 'obj' ? inherited.bodyStyle : undefined,
  ];
  const bullets = new Map<number, boolean>();
  for (const style of chain.reverse())
    for (const [level, bulleted] of bulletLevels(style)) bullets.set(level, bulleted);
  return bullets.size === 0 ? shape : { ...shape, bullets };
}

/**
 * A shape on the notes page that holds notes: the body placeholder, or a text box that is no
 * placeholder (LibreOffice writes a notes frame without its class as one) with text of its own
 * runs, not only fields (LibreOffice writes the page number as a free shape holding a `slidenum`
 * field). The slide image, header, date and number placeholders are not notes.
 */
function holdsNotes(shape: PlacedShape): boolean {
  if (shape.placeholder !== undefined) return shape.placeholder === 'body';
  return descendants(shape.element, 'a:r').some((run) => textOf(run).trim() !== '');
}

/** The speaker notes as blocks: the shapes of the notes page that {@link holdsNotes}. */
async function notesBlocks(
  pkg: OfficePackage,
  slideRels: Map<string, Relationship>,
): Promise<BlockContent[]> {
  const notes = relationshipOfType(slideRels, 'notesSlide');
  if (notes === undefined) return [];
  const part = await readOptionalXmlPart(pkg, notes.target);
  const tree = part === undefined ? undefined : shapeTreeOf(part);
  if (tree === undefined) return [];
  const rels = await readRelationships(pkg, notes.target);
  return flattenShapeTree(tree)
    .filter(holdsNotes)
    .flatMap((shape) => textShapeBlocks({ ...shape, placeholder: 'notes' }, rels));
}

/** The part a relationship id points to, parsed, when both exist. */
async function linkedPart(
  pkg: OfficePackage,
  rels: Map<string, Relationship>,
  id: string | undefined,
): Promise<XmlElement | undefined> {
  const rel = id === undefined ? undefined : rels.get(id);
  return rel === undefined || rel.external ? undefined : readOptionalXmlPart(pkg, rel.target);
}

async function readSlide(
  pkg: OfficePackage,
  partName: string,
  part: XmlElement,
  number: number,
): Promise<SlideContent> {
  const rels = await readRelationships(pkg, partName);
  const tree = shapeTreeOf(part);
  const inherited = await inheritedFrom(pkg, rels);
  const shapes =
    tree === undefined
      ? []
      : readingOrder(
          flattenShapeTree(tree).map((shape) => withBullets(shape, inherited)),
          inherited.positions,
        );
  const titleShape = titleShapeOf(shapes);
  const blocks: BlockContent[] = [];
  for (const shape of shapes) {
    if (shape === titleShape) continue;
    const kind = shape.element.name;
    if (kind === 'p:sp') blocks.push(...textShapeBlocks(shape, rels));
    else if (kind === 'p:pic') blocks.push(...pictureBlocks(shape, rels));
    else {
      const content = graphicFrameContent(shape);
      if (content.table !== undefined) blocks.push(content.table);
      const chartPart = await linkedPart(pkg, rels, content.chartId);
      if (chartPart !== undefined) blocks.push(...chartBlocks(chartPart));
      const diagramPart = await linkedPart(pkg, rels, content.diagramId);
      if (diagramPart !== undefined) blocks.push(...diagramBlocks(diagramPart));
    }
  }
  const title = titleShape === undefined ? '' : shapeTitle(titleShape);
  return { number, title, blocks, notes: await notesBlocks(pkg, rels) };
}

async function readDeck(
  pkg: OfficePackage,
  file: DocumentFile,
  ctx: ReadContext,
): Promise<ExtractedDocument> {
  if (!pkg.has(PRESENTATION_PART)) {
    throw new TransmuteError(
      'corrupt_file',
      `The file has no ${PRESENTATION_PART}: it is not a pptx presentation.`,
    );
  }
  const presentation = await readXmlPart(pkg, PRESENTATION_PART);
  const rels = await readRelationships(pkg, PRESENTATION_PART);
  const list = firstElement(presentation, 'p:sldIdLst');
  const children: RootContent[] = [];
  const hidden: HiddenSlide[] = [];
  let number = 0;
  for (const slideId of list === undefined ? [] : elements(list, 'p:sldId')) {
    ctx.signal.throwIfAborted();
    number += 1;
    const target = required(
      rels.get(slideId.attributes['r:id'] ?? ''),
      `slide ${String(number)} part`,
    ).target;
    const part = await readXmlPart(pkg, target);
    if (part.attributes.show === '0' || part.attributes.show === 'false') {
      const tree = shapeTreeOf(part);
      const titleShape = titleShapeOf(
        readingOrder(tree === undefined ? [] : flattenShapeTree(tree), new Map()),
      );
      hidden.push({ number, title: titleShape === undefined ? '' : shapeTitle(titleShape) });
      continue;
    }
    const slide = await readSlide(pkg, target, part, number);
    if (slide.title === '' && slide.blocks.length === 0 && slide.notes.length === 0) continue;
    children.push(...slideSection(slide));
  }
  warnHiddenSlides(hidden, ctx);
  if (children.length === 0) {
    throw new TransmuteError('empty_content', 'The presentation has no text on any visible slide.');
  }
  const metadata = metadataOf(await readOptionalXmlPart(pkg, 'docProps/core.xml'), file.mediaType);
  return { root: { type: 'root', children }, metadata };
}

/** pptx (and ppsx, pptm: the same package): one `## Slide N` section per visible slide. */
export const readPptx: FormatReader = async (file, ctx) => {
  await refuseEncryptedOoxml(file);
  const pkg = await openPackage(file.path, file.sizeBytes, packageLimitsOf(ctx.limits));
  try {
    return await readDeck(pkg, file, ctx);
  } finally {
    pkg.close();
  }
};
