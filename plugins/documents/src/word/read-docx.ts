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
import { packageLimitsOf } from '../internal/package-limits.js';
import { descendants, elements, firstElement, textOf, type XmlElement } from '../internal/parse-xml.js';
import { refuseEncryptedOoxml } from '../internal/refuse-encrypted.js';
import { readParagraphInline, type InlineContext } from './docx-inline.js';
import { readNumbering, type Numbering } from './docx-numbering.js';
import { readPart, readRelationships } from './docx-package-parts.js';
import { depthOfOutlineLevel, readStyles, type StyleInfo } from './docx-styles.js';
import { headingPhrasing, trimmedEdges } from './phrasing.js';
import { toCellContent, type CellContent } from './cell-content.js';
import { toTableNode, type GridCell } from './table-node.js';
import { commentsSection, type CommentNote } from './comments-section.js';
import { numberNotes } from './number-notes.js';

const DOCUMENT_PART = 'word/document.xml';

interface DocxContext {
  styles: Map<string, StyleInfo>;
  numbering: Numbering;
  inline: InlineContext;
  page: { current: number; counted: boolean };
}

/** Where list items are being collected: the open list at each level. */
interface ListState {
  stack: { level: number; list: List }[];
}

function paragraphStyle(paragraph: XmlElement, ctx: DocxContext): StyleInfo | undefined {
  const pPr = firstElement(paragraph, 'w:pPr');
  const id = pPr === undefined ? undefined : firstElement(pPr, 'w:pStyle')?.attributes['w:val'];
  return id === undefined ? undefined : ctx.styles.get(id);
}

function listPosition(
  paragraph: XmlElement,
  style: StyleInfo | undefined,
): { numId: string; level: number } | undefined {
  const pPr = firstElement(paragraph, 'w:pPr');
  const numPr = pPr === undefined ? undefined : firstElement(pPr, 'w:numPr');
  const numId =
    (numPr === undefined ? undefined : firstElement(numPr, 'w:numId')?.attributes['w:val']) ?? style?.numId;
  if (numId === undefined || numId === '0') return undefined;
  const level = Number(
    (numPr === undefined ? undefined : firstElement(numPr, 'w:ilvl')?.attributes['w:val']) ??
      style?.level ??
      0,
  );
  return { numId, level: Number.isInteger(level) && level >= 0 ? Math.min(level, 8) : 0 };
}

function headingDepth(paragraph: XmlElement, style: StyleInfo | undefined): number | undefined {
  const pPr = firstElement(paragraph, 'w:pPr');
  const own = pPr === undefined ? undefined : firstElement(pPr, 'w:outlineLvl')?.attributes['w:val'];
  return depthOfOutlineLevel(own) ?? style?.headingDepth;
}

function pageBreakBefore(paragraph: XmlElement): boolean {
  const pPr = firstElement(paragraph, 'w:pPr');
  const flag = pPr === undefined ? undefined : firstElement(pPr, 'w:pageBreakBefore');
  return flag !== undefined && !['0', 'false'].includes(flag.attributes['w:val'] ?? '1');
}

/** Reads the blocks of a body (document, table cell, footnote, comment) in order. */
class BlockReader {
  readonly blocks: RootContent[] = [];
  private list: ListState = { stack: [] };
  private code: { lines: string[]; page: number } | undefined;

  constructor(private readonly ctx: DocxContext) {}

  private push(node: RootContent, page: number): void {
    if (this.ctx.page.counted) node.data = { ...node.data, provenance: { page } };
    this.blocks.push(node);
  }

  private closeList(): void {
    this.list = { stack: [] };
  }

  private closeCode(): void {
    if (this.code === undefined) return;
    this.push({ type: 'code', value: this.code.lines.join('\n') }, this.code.page);
    this.code = undefined;
  }

  read(body: XmlElement): void {
    for (const child of elements(body)) {
      if (child.name === 'w:p') this.paragraph(child);
      else if (child.name === 'w:tbl') {
        this.closeList();
        this.closeCode();
        this.table(child);
      } else if (child.name === 'w:sdt' || child.name === 'w:ins' || child.name === 'w:customXml') {
        const content = child.name === 'w:sdt' ? firstElement(child, 'w:sdtContent') : child;
        if (content !== undefined) this.read(content);
      } else if (child.name === 'm:oMathPara') {
        this.closeList();
        this.paragraph({ name: 'w:p', attributes: {}, children: [child] });
      }
    }
    this.closeCode();
  }

  private paragraph(paragraph: XmlElement): void {
    if (pageBreakBefore(paragraph) && this.ctx.page.counted && !this.ctx.inline.countRenderedBreaks)
      this.ctx.page.current += 1;
    const style = paragraphStyle(paragraph, this.ctx);
    this.ctx.inline.firstTextPage = undefined;
    const inline = readParagraphInline(paragraph, this.ctx.inline);
    // A paragraph that opens with a page break belongs to the page after it.
    const page = this.ctx.inline.firstTextPage ?? this.ctx.page.current;
    const plain = toString({ type: 'paragraph', children: inline });
    if (style?.code === true) {
      this.closeList();
      this.code ??= { lines: [], page };
      this.code.lines.push(plain);
      return;
    }
    this.closeCode();
    const content = trimmedEdges(inline);
    if (plain.trim() === '' && !content.some(showsWithoutText)) return;
    const depth = headingDepth(paragraph, style);
    if (depth !== undefined) {
      this.closeList();
      this.push({ type: 'heading', depth: depth as 1, children: headingPhrasing(content) }, page);
      return;
    }
    const position = listPosition(paragraph, style);
    if (position !== undefined) {
      this.listItem(position, content, page);
      return;
    }
    this.closeList();
    const only = content.length === 1 ? content[0] : undefined;
    // A display formula alone is a block of its own, `$$…$$` on one line as every reader writes it.
    if (only?.type === 'html' && only.value.startsWith('$$')) {
      this.push(only, page);
      return;
    }
    if (style?.caption === true) this.captionImageAbove(plain.trim());
    this.push({ type: 'paragraph', children: content }, page);
  }

  /** An image without alt text takes the caption written under it. */
  private captionImageAbove(caption: string): void {
    const above = this.blocks.at(-1);
    if (above?.type !== 'paragraph') return;
    for (const node of above.children) if (node.type === 'image' && node.alt === '') node.alt = caption;
  }

  private listItem(
    position: { numId: string; level: number },
    content: PhrasingContent[],
    page: number,
  ): void {
    const definition = this.ctx.numbering.level(position.numId, position.level);
    const ordered = definition?.ordered ?? false;
    const stack = this.list.stack;
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) > position.level) stack.pop();
    let top = stack.at(-1);
    if (top !== undefined && top.level === position.level && top.list.ordered !== ordered) {
      stack.pop();
      top = stack.at(-1);
    }
    const item: ListItem = {
      type: 'listItem',
      spread: false,
      children: [{ type: 'paragraph', children: content }],
    };
    if (top !== undefined && top.level === position.level) {
      top.list.children.push(item);
      return;
    }
    const list: List = { type: 'list', ordered, spread: false, children: [item] };
    if (ordered) list.start = definition?.start ?? 1;
    const parentItem = top?.list.children.at(-1);
    if (parentItem !== undefined) parentItem.children.push(list);
    else this.push(list, page);
    stack.push({ level: position.level, list });
  }

  private table(table: XmlElement): void {
    const page = this.ctx.page.current;
    const rows: GridCell[][] = [];
    // The cell that started a vertical merge, by grid column, while the merge continues.
    const openMerges = new Map<number, GridCell>();
    for (const row of elements(table, 'w:tr')) {
      const cells: GridCell[] = [];
      let column = 0;
      for (const cell of cellsOf(row)) {
        const tcPr = firstElement(cell, 'w:tcPr');
        const span = Number((tcPr && firstElement(tcPr, 'w:gridSpan')?.attributes['w:val']) ?? '1');
        const colSpan = Number.isInteger(span) && span > 0 ? span : 1;
        const vMerge = tcPr === undefined ? undefined : firstElement(tcPr, 'w:vMerge');
        const above = openMerges.get(column);
        if (vMerge !== undefined && vMerge.attributes['w:val'] !== 'restart' && above !== undefined) {
          above.rowSpan += 1;
        } else {
          const gridCell: GridCell = { ...this.cellContent(cell), colSpan, rowSpan: 1 };
          cells.push(gridCell);
          if (vMerge !== undefined) openMerges.set(column, gridCell);
          else openMerges.delete(column);
        }
        column += colSpan;
      }
      rows.push(cells);
    }
    const node = toTableNode(rows, 'docx');
    if (node !== undefined) this.push(node, page);
  }

  /** A cell's blocks, read as the body's are, for the table to write (see toCellContent). */
  private cellContent(cell: XmlElement): CellContent {
    const inner = new BlockReader({ ...this.ctx, page: { ...this.ctx.page, counted: false } });
    inner.read(cell);
    return toCellContent(inner.blocks);
  }
}

function cellsOf(row: XmlElement): XmlElement[] {
  const cells: XmlElement[] = [];
  for (const child of elements(row)) {
    if (child.name === 'w:tc') cells.push(child);
    else if (child.name === 'w:sdt' || child.name === 'w:customXml') {
      const content = firstElement(child, 'w:sdtContent') ?? child;
      cells.push(...elements(content, 'w:tc'));
    }
  }
  return cells;
}

async function readNotes(
  pkg: OfficePackage,
  part: string,
  element: string,
  prefix: string,
  ctx: DocxContext,
): Promise<FootnoteDefinition[]> {
  const notes = await readPart(pkg, part);
  if (notes === undefined) return [];
  const relationships = await readRelationships(pkg, part);
  const definitions: FootnoteDefinition[] = [];
  for (const note of elements(notes, element)) {
    const type = note.attributes['w:type'];
    const id = note.attributes['w:id'];
    if (id === undefined || (type !== undefined && type !== 'normal')) continue;
    const reader = new BlockReader({
      ...ctx,
      inline: { ...ctx.inline, relationships },
      page: { current: 1, counted: false },
    });
    reader.read(note);
    const children = reader.blocks.filter(
      (block): block is BlockContent => block.type !== 'footnoteDefinition',
    );
    if (children.length === 0) continue;
    definitions.push({
      type: 'footnoteDefinition',
      identifier: `${prefix}${id}`,
      label: `${prefix}${id}`,
      children,
    });
  }
  return definitions;
}

async function readComments(pkg: OfficePackage, ctx: DocxContext): Promise<RootContent[]> {
  const comments = await readPart(pkg, 'word/comments.xml');
  if (comments === undefined) return [];
  const notes: CommentNote[] = [];
  for (const comment of elements(comments, 'w:comment')) {
    const id = comment.attributes['w:id'] ?? '';
    const reader = new BlockReader({ ...ctx, page: { current: 1, counted: false } });
    reader.read(comment);
    const text = reader.blocks
      .map((block) => toString(block))
      .join(' ')
      .trim();
    if (text === '') continue;
    notes.push({
      author: comment.attributes['w:author']?.trim() ?? '',
      text,
      anchor: ctx.inline.commentAnchors.get(id)?.trim() ?? '',
    });
  }
  return commentsSection(notes, { path: 'word/comments.xml' });
}

async function readCoreMetadata(pkg: OfficePackage, metadata: DocumentMetadata): Promise<void> {
  const core = await readPart(pkg, 'docProps/core.xml');
  if (core === undefined) return;
  const field = (name: string): string | undefined => {
    const element = firstElement(core, name);
    const value = element === undefined ? '' : textOf(element).trim();
    return value === '' ? undefined : value;
  };
  const title = field('dc:title');
  const creator = field('dc:creator');
  const language = field('dc:language');
  if (title !== undefined) metadata.title = title;
  if (creator !== undefined) metadata.author = creator;
  if (language !== undefined) metadata.language = language;
}

/** Whether any page-break marker exists, and which kind to count (Word's rendered ones when present). */
function pageMarkers(body: XmlElement): { any: boolean; rendered: boolean } {
  const rendered = descendants(body, 'w:lastRenderedPageBreak').length > 0;
  const explicit =
    descendants(body, 'w:br').some((br) => br.attributes['w:type'] === 'page') ||
    descendants(body, 'w:pageBreakBefore').length > 0;
  return { any: rendered || explicit, rendered };
}

async function readDocxPackage(pkg: OfficePackage, file: DocumentFile): Promise<ExtractedDocument> {
  if (!pkg.has(DOCUMENT_PART))
    throw new TransmuteError(
      'corrupt_file',
      `${file.name} is not a Word document: it has no ${DOCUMENT_PART}.`,
    );
  const document = await readPart(pkg, DOCUMENT_PART);
  const body = document === undefined ? undefined : firstElement(document, 'w:body');
  if (body === undefined)
    throw new TransmuteError('corrupt_file', `${file.name}: ${DOCUMENT_PART} has no body.`);
  const styles = readStyles(await readPart(pkg, 'word/styles.xml'));
  const markers = pageMarkers(body);
  const page = { current: 1, counted: markers.any };
  const ctx: DocxContext = {
    styles,
    numbering: readNumbering(await readPart(pkg, 'word/numbering.xml')),
    page,
    inline: {
      relationships: await readRelationships(pkg, DOCUMENT_PART),
      characterStyles: styles,
      countRenderedBreaks: markers.rendered,
      onPageBreak: () => {
        page.current += 1;
      },
      currentPage: () => page.current,
      firstTextPage: undefined,
      commentAnchors: new Map(),
      openComments: new Set(),
    },
  };
  const reader = new BlockReader(ctx);
  reader.read(body);
  const children: RootContent[] = [...reader.blocks];
  const notes = [
    ...(await readNotes(pkg, 'word/footnotes.xml', 'w:footnote', 'fn', ctx)),
    ...(await readNotes(pkg, 'word/endnotes.xml', 'w:endnote', 'en', ctx)),
  ];
  const referenced = new Set(children.flatMap((block) => collectReferences(block)));
  for (const note of notes) {
    if (!referenced.has(note.identifier)) continue;
    note.data = {
      provenance: { path: note.identifier.startsWith('fn') ? 'word/footnotes.xml' : 'word/endnotes.xml' },
    };
    children.push(note);
  }
  numberNotes(children);
  children.push(...(await readComments(pkg, ctx)));
  const root: Root = { type: 'root', children };
  if (
    toString(root).trim() === '' &&
    !children.some((block) => block.type === 'html' || block.type === 'paragraph')
  )
    throw new TransmuteError('empty_content', `${file.name} holds no text.`);
  const metadata: DocumentMetadata = { mediaType: file.mediaType, sizeBytes: file.sizeBytes };
  if (page.counted) metadata.pageCount = page.current;
  await readCoreMetadata(pkg, metadata);
  return { root, metadata };
}

/**
 * A piece of a paragraph a reader sees though it holds no text: a picture, a formula or markup
 * written as HTML, or a note's reference mark (a paragraph holding only a footnote's mark keeps
 * it, and with it the note), also inside a link or emphasis.
 */
function showsWithoutText(node: PhrasingContent): boolean {
  if (node.type === 'image' || node.type === 'html' || node.type === 'footnoteReference') return true;
  return 'children' in node && node.children.some(showsWithoutText);
}

function collectReferences(node: RootContent | PhrasingContent | ListItem): string[] {
  if (node.type === 'footnoteReference') return [node.identifier];
  if (!('children' in node)) return [];
  return (node.children as (RootContent | PhrasingContent)[]).flatMap((child) => collectReferences(child));
}

/**
 * Reads a Word document (docx, docm): headings from styles and outline levels, formatted runs,
 * nested numbered and bulleted lists, tables (merged cells as HTML), hyperlinks, footnotes and
 * endnotes, comments with their anchors, images with alt text, equations as LaTeX, tracked changes
 * accepted; headers and footers left out; page numbers where the file marks page breaks.
 */
export const readDocx: FormatReader = async (file, ctx) => {
  await refuseEncryptedOoxml(file);
  const pkg = await openPackage(file.path, file.sizeBytes, packageLimitsOf(ctx.limits));
  try {
    return await readDocxPackage(pkg, file);
  } finally {
    pkg.close();
  }
};
