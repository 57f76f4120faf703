import type { PhrasingContent } from 'mdast';
import { toPhrasing, type Marks, type Segment } from './phrasing.js';

/** The paragraph properties markdown needs (group-scoped, reset by `\pard`). */
export interface ParagraphProps {
  /** `\sN`: the paragraph style (0 when none is named). */
  style: number;
  /** `\outlinelevelN` (0-based). */
  outlineLevel?: number;
  /** `\lsN`: the list override the paragraph belongs to. */
  list?: number;
  /** `\ilvlN`: the paragraph's list level. */
  level: number;
  /** Old-style numbering (`\pn…`): bullet or number, and its level. */
  numbering?: { ordered?: boolean; level: number };
  /** `\intbl` (or `\itapN` with N ≥ 1): the paragraph is in a table cell. */
  inTable: boolean;
}

/** The default paragraph properties (`\pard`). */
export const PLAIN_PARAGRAPH: ParagraphProps = Object.freeze({ style: 0, level: 0, inTable: false });

/** A paragraph as read: its runs, properties, page and the list marker its writer put before it. */
export interface RtfParagraph {
  segments: Segment[];
  props: ParagraphProps;
  page: number;
  marker?: string;
}

/** How a cell definition (`\clmgf`, `\clmrg`, `\clvmgf`, `\clvmrg`, `\cellxN`) merges and ends. */
export interface CellDefinition {
  horizontal?: 'first' | 'merged';
  vertical?: 'first' | 'merged';
  /** `\cellxN`: the cell's right edge (twips). */
  right?: number;
}

/** One cell of a row: its paragraphs and its definition. */
export interface RtfCell {
  paragraphs: RtfParagraph[];
  definition: CellDefinition;
}

/** What a body holds, in order: paragraphs and table rows. */
export type RtfItem =
  { kind: 'paragraph'; paragraph: RtfParagraph } | { kind: 'row'; cells: RtfCell[]; page: number };

/** The page count of the main text: `\page` and `\pagebb` move it on. */
export interface PageCounter {
  current: number;
  counted: boolean;
}

/** Anchored text kept per annotation at most (a comment quotes a phrase, not a chapter). */
const MAX_ANCHOR_CHARS = 1000;
const CELL_WORDS = new Set(['clmgf', 'clmrg', 'clvmgf', 'clvmrg']);

/**
 * Collects the text of one body (the document, or one footnote) into paragraphs and table rows as
 * the interpreter reads it: runs, inline nodes, links, paragraph and cell ends, row definitions.
 */
export class RtfBody {
  readonly items: RtfItem[] = [];
  private segments: Segment[] = [];
  private firstTextPage: number | undefined;
  private marker: string | undefined;
  private link: { url: string; outer: Segment[] } | undefined;
  private cells: RtfCell[] = [];
  private cellParagraphs: RtfParagraph[] = [];
  private rowDefinition: CellDefinition[] = [];
  private pendingCell: CellDefinition = {};
  /** The text annotations (comments) are anchored to, by `\atrfstart` id. */
  readonly anchors = new Map<string, string>();
  private readonly openAnchors = new Set<string>();

  constructor(private readonly pages: PageCounter) {}

  /** A run of text with its formatting. */
  text(text: string, marks: Marks): void {
    if (text === '') return;
    this.firstTextPage ??= this.pages.current;
    this.segments.push({ kind: 'text', text, marks });
    for (const id of this.openAnchors) {
      const anchor = this.anchors.get(id) ?? '';
      if (anchor.length < MAX_ANCHOR_CHARS) this.anchors.set(id, anchor + text);
    }
  }

  /** `\atrfstart`: the text an annotation is anchored to starts. */
  openAnchor(id: string): void {
    this.openAnchors.add(id);
    this.anchors.set(id, this.anchors.get(id) ?? '');
  }

  /** `\atrfend`: the anchored text ends. */
  closeAnchor(id: string): void {
    this.openAnchors.delete(id);
  }

  /** An inline node: a line break, a footnote reference, an image. */
  node(node: PhrasingContent): void {
    this.firstTextPage ??= this.pages.current;
    this.segments.push({ kind: 'node', node });
  }

  /** `\page`: the text after it is on the next page. */
  pageBreak(): void {
    this.pages.current += 1;
    this.pages.counted = true;
  }

  /** The text a writer put before a list item (`\listtext`, `\pntext`): read to tell numbers from bullets. */
  listMarker(text: string): void {
    this.marker = text;
  }

  /** A hyperlink's result text starts; false when one is already open (its text joins that one). */
  beginLink(url: string): boolean {
    if (this.link !== undefined) return false;
    this.link = { url, outer: this.segments };
    this.segments = [];
    return true;
  }

  /** The hyperlink's result text ends. */
  endLink(): void {
    const link = this.link;
    if (link === undefined) return;
    const children = toPhrasing(this.segments);
    this.segments = link.outer;
    this.link = undefined;
    if (children.length > 0)
      this.segments.push({ kind: 'node', node: { type: 'link', url: link.url, children } });
  }

  /** `\par`, `\sect`, `\nestcell`: the paragraph ends. */
  paragraphEnd(props: ParagraphProps): void {
    const url = this.link?.url;
    // A link spanning paragraphs is cut at the paragraph mark and goes on in the next one.
    if (url !== undefined) this.endLink();
    const paragraph: RtfParagraph = {
      segments: this.segments,
      props,
      page: this.firstTextPage ?? this.pages.current,
    };
    if (this.marker !== undefined) paragraph.marker = this.marker;
    this.segments = [];
    this.firstTextPage = undefined;
    this.marker = undefined;
    if (url !== undefined) this.beginLink(url);
    if (props.inTable) this.cellParagraphs.push(paragraph);
    else {
      this.endRow();
      this.items.push({ kind: 'paragraph', paragraph });
    }
  }

  /** `\cell`: the paragraph and the cell end. */
  cellEnd(props: ParagraphProps): void {
    this.paragraphEnd({ ...props, inTable: true });
    this.cells.push({
      paragraphs: this.cellParagraphs,
      definition: this.rowDefinition[this.cells.length] ?? {},
    });
    this.cellParagraphs = [];
  }

  /**
   * `\row`: the row ends (its definition, which Word repeats before `\row`, is the one read last).
   * Empty cells past the definition's last `\cellx` are no cells of the row: LibreOffice writes a
   * `\cell` more for each column of a table nested in the row.
   */
  rowEnd(): void {
    if (this.cellParagraphs.some((paragraph) => paragraph.segments.length > 0))
      this.cells.push({ paragraphs: this.cellParagraphs, definition: {} });
    this.cellParagraphs = [];
    const defined = this.rowDefinition.length;
    while (
      defined > 0 &&
      this.cells.length > defined &&
      this.cells.at(-1)?.paragraphs.every((paragraph) => paragraph.segments.length === 0) === true
    )
      this.cells.pop();
    this.cells.forEach((cell, index) => {
      cell.definition = this.rowDefinition[index] ?? cell.definition;
    });
    this.endRow();
  }

  /** A row definition word: `\trowd` starts one, `\cellxN` ends a cell's, merge flags qualify it. */
  rowWord(name: string, param: number | undefined): void {
    if (name === 'trowd') {
      this.rowDefinition = [];
      this.pendingCell = {};
    } else if (name === 'cellx') {
      this.rowDefinition.push({ ...this.pendingCell, ...(param === undefined ? {} : { right: param }) });
      this.pendingCell = {};
    } else if (CELL_WORDS.has(name)) {
      if (name === 'clmgf') this.pendingCell.horizontal = 'first';
      else if (name === 'clmrg') this.pendingCell.horizontal = 'merged';
      else if (name === 'clvmgf') this.pendingCell.vertical = 'first';
      else this.pendingCell.vertical = 'merged';
    }
  }

  /** The end of the body: a last paragraph without its `\par`, an unfinished row. */
  finish(props: ParagraphProps): void {
    if (this.link !== undefined) this.endLink();
    if (this.segments.length > 0 || this.marker !== undefined) this.paragraphEnd(props);
    this.rowEnd();
  }

  private endRow(): void {
    if (this.cells.length === 0) return;
    const first = this.cells[0]?.paragraphs[0];
    this.items.push({ kind: 'row', cells: this.cells, page: first?.page ?? this.pages.current });
    this.cells = [];
  }
}
