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
  flattenShapeTree,
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

/** Layout, then master, placeholder positions (a slide placeholder may inherit its place). */
async function inheritedPositions(
  pkg: OfficePackage,
  slideRels: Map<string, Relationship>,
): Promise<Map<string, Point>> {
  const layout = relationshipOfType(slideRels, 'slideLayout');
  if (layout === undefined || !pkg.has(layout.target)) return new Map();
  const layoutPart = await readXmlPart(pkg, layout.target);
  const master = relationshipOfType(await readRelationships(pkg, layout.target), 'slideMaster');
  const masterPart = master === undefined ? undefined : await readOptionalXmlPart(pkg, master.target);
  const positions = placeholderPositions(masterPart === undefined ? undefined : shapeTreeOf(masterPart));
  for (const [key, point] of placeholderPositions(shapeTreeOf(layoutPart))) positions.set(key, point);
  return positions;
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
  const shapes =
    tree === undefined ? [] : readingOrder(flattenShapeTree(tree), await inheritedPositions(pkg, rels));
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
