import { posix } from 'node:path';
import type {
  BlockContent,
  FootnoteDefinition,
  List,
  ListItem,
  PhrasingContent,
  Root,
  RootContent,
} from 'mdast';
import { toString } from 'mdast-util-to-string';
import { TransmuteError, type DocumentMetadata, type ExtractedDocument } from '@transmute/plugin-sdk';
import type { DocumentFile, FormatReader } from '../internal/format-reader.js';
import { openPackage, type OfficePackage } from '../internal/open-package.js';
import { refuseEncryptedOdf } from '../internal/refuse-encrypted.js';
import { packageLimitsOf } from '../internal/package-limits.js';
import { descendants, elements, firstElement, textOf, type XmlElement } from '../internal/parse-xml.js';
import { commentsSection } from './comments-section.js';
import { readPart } from './docx-package-parts.js';
import { readOdtStyles, resolveOdtStyle, type OdtStyle } from './odt-styles.js';
import { headingPhrasing, toPhrasing, type Marks, type Segment } from './phrasing.js';
import { toCellContent } from './cell-content.js';
import { formulaNode, objectFolder, readFormulaObjects } from './odf-formulas.js';
import { toTableNode, type GridCell } from './table-node.js';
import { numberNotes } from './number-notes.js';

const PLAIN: Marks = { bold: false, italic: false, strike: false, code: false };
/** Elements that hold no body text: declarations, tracked deletions, a generated table of contents. */
const SKIPPED = new Set([
  'text:tracked-changes',
  'text:sequence-decls',
  'text:variable-decls',
  'text:user-field-decls',
  'office:forms',
  'text:table-of-content',
  'text:note-citation',
  'text:bookmark-ref',
]);

interface OdtComment {
  author: string;
  text: string;
  name?: string;
}

interface OdtContext {
  styles: Map<string, OdtStyle>;
  page: { current: number; counted: boolean };
  notes: FootnoteDefinition[];
  comments: OdtComment[];
  anchors: Map<string, string>;
  open: Set<string>;
  /** Embedded formula objects by folder (see readFormulaObjects). */
  formulas: Map<string, XmlElement>;
}

function merge(a: Marks, b: Marks | undefined): Marks {
  if (b === undefined) return a;
  return {
    bold: a.bold || b.bold,
    italic: a.italic || b.italic,
    strike: a.strike || b.strike,
    code: a.code || b.code,
  };
}

function addText(segments: Segment[], text: string, marks: Marks, ctx: OdtContext): void {
  if (text === '') return;
  for (const name of ctx.open) ctx.anchors.set(name, (ctx.anchors.get(name) ?? '') + text);
  segments.push({ kind: 'text', text, marks });
}

function imageOf(frame: XmlElement): PhrasingContent | undefined {
  const image = firstElement(frame, 'draw:image');
  const href = image?.attributes['xlink:href'];
  if (href === undefined) return undefined;
  const described = firstElement(frame, 'svg:desc') ?? firstElement(frame, 'svg:title');
  const alt =
    (described === undefined ? '' : textOf(described)).trim() || (frame.attributes['draw:name'] ?? '');
  return { type: 'image', url: /^[a-z]+:/i.test(href) ? href : posix.basename(href), alt };
}

/** A frame holding a formula object (embedded, or a sub-document of the package) as its formula. */
function formulaOf(frame: XmlElement, ctx: OdtContext): PhrasingContent | undefined {
  const object = firstElement(frame, 'draw:object');
  if (object === undefined) return undefined;
  const math =
    firstElement(object, 'math:math') ??
    ctx.formulas.get(objectFolder(object.attributes['xlink:href'] ?? ''));
  return math === undefined ? undefined : formulaNode(math);
}

function readInline(parent: XmlElement, marks: Marks, ctx: OdtContext, segments: Segment[]): void {
  for (const child of parent.children) {
    if (typeof child === 'string') {
      addText(segments, child.replace(/\s+/g, ' '), marks, ctx);
      continue;
    }
    if (SKIPPED.has(child.name)) continue;
    switch (child.name) {
      case 'text:span':
        readInline(
          child,
          merge(marks, resolveOdtStyle(ctx.styles, child.attributes['text:style-name'])?.marks),
          ctx,
          segments,
        );
        break;
      case 'text:a': {
        const inner: Segment[] = [];
        readInline(child, marks, ctx, inner);
        const content = toPhrasing(inner);
        const url = child.attributes['xlink:href'];
        if (url === undefined || content.length === 0) segments.push(...inner);
        else segments.push({ kind: 'node', node: { type: 'link', url, children: content } });
        break;
      }
      case 'text:s':
        addText(
          segments,
          ' '.repeat(Math.min(100, Number(child.attributes['text:c'] ?? '1') || 1)),
          marks,
          ctx,
        );
        break;
      case 'text:tab':
        addText(segments, ' ', marks, ctx);
        break;
      case 'text:line-break':
        segments.push({ kind: 'node', node: { type: 'break' } });
        break;
      case 'text:soft-page-break':
        ctx.page.current += 1;
        break;
      case 'text:note': {
        const note = readNote(child, ctx);
        if (note !== undefined) segments.push({ kind: 'node', node: note });
        break;
      }
      case 'office:annotation':
        readAnnotation(child, ctx);
        break;
      case 'office:annotation-end': {
        const name = child.attributes['office:name'];
        if (name !== undefined) ctx.open.delete(name);
        break;
      }
      case 'draw:frame': {
        const node = formulaOf(child, ctx) ?? imageOf(child);
        if (node !== undefined) segments.push({ kind: 'node', node });
        break;
      }
      case 'draw:a':
        readInline(child, marks, ctx, segments);
        break;
      default:
        if (child.name.startsWith('text:change') || child.name.startsWith('text:bookmark')) break;
        readInline(child, marks, ctx, segments);
    }
  }
}

function readNote(note: XmlElement, ctx: OdtContext): PhrasingContent | undefined {
  const body = firstElement(note, 'text:note-body');
  if (body === undefined) return undefined;
  const prefix = note.attributes['text:note-class'] === 'endnote' ? 'en' : 'fn';
  const identifier = `${prefix}${String(ctx.notes.length + 1)}`;
  const blocks: RootContent[] = [];
  readBlocks(body, blocks, { ...ctx, page: { current: 1, counted: false } });
  const children = blocks.filter((block): block is BlockContent => block.type !== 'footnoteDefinition');
  if (children.length === 0) return undefined;
  ctx.notes.push({
    type: 'footnoteDefinition',
    identifier,
    label: identifier,
    children,
    data: { provenance: { path: 'content.xml' } },
  });
  return { type: 'footnoteReference', identifier, label: identifier };
}

function readAnnotation(annotation: XmlElement, ctx: OdtContext): void {
  const creator = firstElement(annotation, 'dc:creator');
  const text = elements(annotation, 'text:p')
    .map((paragraph) => textOf(paragraph).trim())
    .filter((line) => line !== '')
    .join(' ');
  if (text === '') return;
  const comment: OdtComment = { author: creator === undefined ? '' : textOf(creator).trim(), text };
  const name = annotation.attributes['office:name'];
  if (name !== undefined) {
    comment.name = name;
    ctx.open.add(name);
    ctx.anchors.set(name, '');
  }
  ctx.comments.push(comment);
}

function paragraphContent(paragraph: XmlElement, ctx: OdtContext): PhrasingContent[] {
  const segments: Segment[] = [];
  const style = resolveOdtStyle(ctx.styles, paragraph.attributes['text:style-name']);
  readInline(paragraph, style?.marks ?? PLAIN, ctx, segments);
  return toPhrasing(segments);
}

function hasContent(content: PhrasingContent[]): boolean {
  return (
    toString({ type: 'paragraph', children: content }).trim() !== '' ||
    content.some((node) => node.type === 'image')
  );
}

function push(out: RootContent[], node: RootContent, page: number, ctx: OdtContext): void {
  if (ctx.page.counted) node.data = { ...node.data, provenance: { page } };
  out.push(node);
}

function readList(
  list: XmlElement,
  depth: number,
  styleName: string | undefined,
  ctx: OdtContext,
): List | undefined {
  const name = list.attributes['text:style-name'] ?? styleName;
  const level = (name === undefined ? undefined : ctx.styles.get(name))?.levels?.get(depth);
  const items: ListItem[] = [];
  for (const item of elements(list)) {
    if (item.name !== 'text:list-item' && item.name !== 'text:list-header') continue;
    const children: BlockContent[] = [];
    for (const child of elements(item)) {
      if (child.name === 'text:list') {
        const nested = readList(child, depth + 1, name, ctx);
        if (nested !== undefined) children.push(nested);
      } else {
        const blocks: RootContent[] = [];
        readBlocks({ name: '#item', attributes: {}, children: [child] }, blocks, {
          ...ctx,
          page: { ...ctx.page, counted: false },
        });
        children.push(
          ...blocks.filter((block): block is BlockContent => block.type !== 'footnoteDefinition'),
        );
      }
    }
    if (children.length > 0) items.push({ type: 'listItem', spread: false, children });
  }
  if (items.length === 0) return undefined;
  const ordered = level?.ordered ?? false;
  const node: List = { type: 'list', ordered, spread: false, children: items };
  if (ordered) node.start = level?.start ?? 1;
  return node;
}

function rowsOf(table: XmlElement): XmlElement[] {
  const rows: XmlElement[] = [];
  for (const child of elements(table)) {
    if (child.name === 'table:table-row') rows.push(child);
    else if (/^table:table-(header-rows|rows|row-group)$/.test(child.name)) rows.push(...rowsOf(child));
  }
  return rows;
}

function readTable(table: XmlElement, ctx: OdtContext): RootContent | undefined {
  const rows: GridCell[][] = rowsOf(table).map((row) =>
    elements(row, 'table:table-cell').map((cell) => {
      const blocks: RootContent[] = [];
      readBlocks(cell, blocks, { ...ctx, page: { ...ctx.page, counted: false } });
      const span = (name: string): number => Math.max(1, Number(cell.attributes[name] ?? '1') || 1);
      return {
        ...toCellContent(blocks),
        colSpan: span('table:number-columns-spanned'),
        rowSpan: span('table:number-rows-spanned'),
      };
    }),
  );
  return toTableNode(rows, 'odt');
}

function readBlocks(container: XmlElement, out: RootContent[], ctx: OdtContext): void {
  let code: { lines: string[]; page: number } | undefined;
  const flush = (): void => {
    if (code !== undefined) push(out, { type: 'code', value: code.lines.join('\n') }, code.page, ctx);
    code = undefined;
  };
  for (const child of elements(container)) {
    if (SKIPPED.has(child.name)) continue;
    const page = ctx.page.current;
    if (
      child.name === 'text:p' &&
      resolveOdtStyle(ctx.styles, child.attributes['text:style-name'])?.code === true
    ) {
      code ??= { lines: [], page };
      code.lines.push(toString({ type: 'paragraph', children: paragraphContent(child, ctx) }));
      continue;
    }
    flush();
    switch (child.name) {
      case 'text:h': {
        const content = paragraphContent(child, ctx);
        const depth = Math.min(6, Math.max(1, Number(child.attributes['text:outline-level'] ?? '1') || 1));
        if (hasContent(content))
          push(out, { type: 'heading', depth: depth as 1, children: headingPhrasing(content) }, page, ctx);
        break;
      }
      case 'text:p': {
        const content = paragraphContent(child, ctx);
        // A paragraph in a heading style is a heading (LibreOffice's export of Word headings).
        const level = resolveOdtStyle(ctx.styles, child.attributes['text:style-name'])?.outlineLevel;
        const depth = Math.min(6, level ?? 0);
        if (!hasContent(content)) break;
        if (depth > 0)
          push(out, { type: 'heading', depth: depth as 1, children: headingPhrasing(content) }, page, ctx);
        else push(out, { type: 'paragraph', children: content }, page, ctx);
        break;
      }
      case 'text:list': {
        const list = readList(child, 1, undefined, ctx);
        if (list !== undefined) push(out, list, page, ctx);
        break;
      }
      case 'table:table': {
        const table = readTable(child, ctx);
        if (table !== undefined) push(out, table, page, ctx);
        break;
      }
      case 'text:soft-page-break':
        ctx.page.current += 1;
        break;
      default:
        // text:section, text:index-body and other containers hold blocks of their own.
        readBlocks(child, out, ctx);
    }
  }
  flush();
}

function odtComments(ctx: OdtContext): RootContent[] {
  const notes = ctx.comments.map((comment) => ({
    author: comment.author,
    text: comment.text,
    anchor: comment.name === undefined ? '' : (ctx.anchors.get(comment.name) ?? '').trim(),
  }));
  return commentsSection(notes, { path: 'content.xml' });
}

async function readMeta(pkg: OfficePackage, metadata: DocumentMetadata): Promise<void> {
  const meta = await readPart(pkg, 'meta.xml');
  const office = meta === undefined ? undefined : firstElement(meta, 'office:meta');
  if (office === undefined) return;
  const field = (...names: string[]): string | undefined => {
    for (const name of names) {
      const element = firstElement(office, name);
      const value = element === undefined ? '' : textOf(element).trim();
      if (value !== '') return value;
    }
    return undefined;
  };
  const title = field('dc:title');
  const author = field('dc:creator', 'meta:initial-creator');
  const language = field('dc:language');
  if (title !== undefined) metadata.title = title;
  if (author !== undefined) metadata.author = author;
  if (language !== undefined) metadata.language = language;
}

async function readOdtPackage(pkg: OfficePackage, file: DocumentFile): Promise<ExtractedDocument> {
  if (!pkg.has('content.xml')) throw new TransmuteError('corrupt_file', `${file.name} has no content.xml.`);
  const content = await readPart(pkg, 'content.xml');
  const body = content === undefined ? undefined : firstElement(content, 'office:body');
  const text = body === undefined ? undefined : firstElement(body, 'office:text');
  if (content === undefined || text === undefined)
    throw new TransmuteError('corrupt_file', `${file.name}: content.xml holds no text body.`);
  const ctx: OdtContext = {
    styles: readOdtStyles(await readPart(pkg, 'styles.xml'), content),
    page: { current: 1, counted: descendants(text, 'text:soft-page-break').length > 0 },
    notes: [],
    comments: [],
    anchors: new Map(),
    open: new Set(),
    formulas: await readFormulaObjects(pkg),
  };
  const children: RootContent[] = [];
  readBlocks(text, children, ctx);
  children.push(...ctx.notes);
  numberNotes(children);
  children.push(...odtComments(ctx));
  const root: Root = { type: 'root', children };
  if (toString(root).trim() === '' && !children.some((block) => block.type === 'paragraph'))
    throw new TransmuteError('empty_content', `${file.name} holds no text.`);
  const metadata: DocumentMetadata = { mediaType: file.mediaType, sizeBytes: file.sizeBytes };
  if (ctx.page.counted) metadata.pageCount = ctx.page.current;
  await readMeta(pkg, metadata);
  return { root, metadata };
}

/**
 * Reads an OpenDocument text (odt): `text:h` outline levels, formatted spans from automatic
 * styles, nested `text:list`s numbered by their list style, tables with spans, links, notes,
 * annotations as a comments section, images with `svg:title` / `svg:desc`, tracked changes
 * accepted (the deletions kept in `text:tracked-changes` are not read); pages from soft page breaks.
 * A package whose manifest declares encryption is `encrypted_document`.
 */
export const readOdt: FormatReader = async (file, ctx) => {
  const pkg = await openPackage(file.path, file.sizeBytes, packageLimitsOf(ctx.limits));
  try {
    await refuseEncryptedOdf(pkg, file.name);
    return await readOdtPackage(pkg, file);
  } finally {
    pkg.close();
  }
};
