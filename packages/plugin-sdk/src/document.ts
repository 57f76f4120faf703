import type { Root, RootContent } from 'mdast';

/**
 * Where a piece of the document came from. Carried on every mdast node as `node.data.provenance`
 * so chunks, summaries and citations can point back at the source.
 */
export interface Provenance {
  /** `file_…` id of the uploaded file, when the source is a file. */
  fileId?: string;
  /** 1-based page number (PDFs, scans); for a piece spanning pages, the first. */
  page?: number;
  /** 1-based last page of a piece spanning pages (chunks); absent when it ends on `page`. */
  pageEnd?: number;
  /**
   * Where on the page the piece sits (PDFs, OCR, images): one box per page, normalized 0..1 to the
   * page with the origin at its top-left corner.
   */
  bbox?: PageBox[];
  /** Seconds from the start of the media (audio, video). */
  timeStart?: number;
  timeEnd?: number;
  /** Character offsets into the source's plain text, when known. */
  startOffset?: number;
  endOffset?: number;
  /** Path inside an archive (repositories), or the part of a package or e-mail it was read from. */
  path?: string;
  /** 1-based slide number (presentations). */
  slide?: number;
  /** Sheet name (spreadsheets). */
  sheet?: string;
  /** A1-style cell range within `sheet` (`A1:D20`). */
  cellRange?: string;
  /** Chapter title or spine item (e-books). */
  chapter?: string;
  /** OCR or recognition confidence, 0..1. */
  confidence?: number;
}

/** A box on one page: `[x0, y0, x1, y1]` normalized 0..1 to the page size, top-left origin. */
export interface PageBox {
  /** 1-based page (or image) the box is on. */
  page: number;
  box: [number, number, number, number];
}

/** A cell value of tabular data: what CSV/JSON/NDJSON records become. */
export type CellValue = string | number | boolean | null;

/** One cell of a table as laid out in its source: where it starts, how far it spans, where it is. */
export interface TableCellData {
  /** 0-based row and column of the cell's top-left slot in the table's grid (header rows included). */
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  /** Where the cell sits on its page (PDFs). */
  bbox?: PageBox;
}

/**
 * Typed tabular data attached to a table as `node.data.table` (columns in order): on a `table`
 * node, or on the `html` node of a table whose spans GFM cannot hold.
 */
export interface TableData {
  columns: string[];
  rows: CellValue[][];
  /** How the data was read: csv, tsv, json, ndjson, html, pdf. */
  origin: string;
  /** The grid's cells with their spans and boxes, when the source lays its tables out (PDFs). */
  cells?: TableCellData[];
}

// mdast has its own `TableData` (the data of a table node): inside the augmentation below that
// name would shadow ours, so the augmentation refers to ours through this alias.
type SdkTableData = TableData;

declare module 'mdast' {
  interface Data {
    provenance?: Provenance;
    table?: SdkTableData;
    /**
     * On a heading: it is the document's own title (CONTRACT §13: a document's own title is its
     * first heading). `blocks.jsonl` marks its record `"title": true`, so a consumer can drop it.
     */
    title?: boolean;
    /**
     * On a heading: it opens a section the reader adds after the document's own content (its
     * comments, a message's attachments), never the document's title: heading levels are fixed
     * around it and it stays below level 1, so a document with no headings of its own is not
     * titled `Comments`.
     */
    addendum?: boolean;
    /**
     * On a paragraph: it is the caption of a table or of a figure ("Table 2. …", "Figure 3: …").
     * A table's caption stands right before the table; `blocks.jsonl` marks its record with
     * `caption` and, for a table's, `caption_of` (the table's block index).
     */
    caption?: 'table' | 'figure';
  }
}

/** Document-level facts that plugins and the text source fill in. All optional. */
export interface DocumentMetadata {
  title?: string;
  byline?: string;
  author?: string;
  siteName?: string;
  publishedTime?: string;
  /** BCP 47 / ISO 639-1 code detected or declared. */
  language?: string;
  excerpt?: string;
  sourceUrl?: string;
  mediaType?: string;
  sizeBytes?: number;
  pageCount?: number;
  durationSeconds?: number;
  /** Free-form extra facts (codecs, resolution, container, file tree…), shown in summaries. */
  facts?: Record<string, string | number | boolean>;
}

/**
 * A file embedded in a source (an e-mail's attachment) that the engine reads as a child document
 * of the same job: sniffed and routed like an upload, extracted by the source adapter that reads
 * its type, and nested after its parent's content under an `Attachment: <name>` heading.
 */
export interface ExtractedAttachment {
  /** The attachment's name as the source gives it (for people; never used as a path). */
  name: string;
  /** The local file the plugin wrote the attachment's bytes to, under its stage context's `workDir`. */
  path: string;
  sizeBytes: number;
  /** The media type the source declares (may be `application/octet-stream`: the engine sniffs). */
  mediaType: string;
  /**
   * Where the attachment sits in the source (`attachments/report.docx`): the child document's
   * provenance `path`, prefixed to each child block's own path (`attachments/book.xlsx/xl/…`).
   */
  part: string;
}

/** What a source adapter returns: an mdast tree with provenance, plus metadata. */
export interface ExtractedDocument {
  root: Root;
  metadata: DocumentMetadata;
  /**
   * Embedded files for the engine to read as child documents (see {@link ExtractedAttachment}).
   * The engine consumes them during extraction; a stored document never carries them.
   */
  attachments?: ExtractedAttachment[];
  /**
   * The source marks its heading levels itself (HTML `<h1>`–`<h6>`): the engine keeps them as they
   * are instead of making the shallowest level 1 and closing gaps between levels.
   */
  headingLevelsAsMarked?: boolean;
}

/** A token-budgeted, heading-aware piece of the normalized document. */
export interface Chunk {
  /** Stable id: derived from the content and position, the same on every run. */
  id: string;
  index: number;
  text: string;
  tokens: number;
  headingPath: string[];
  /** Character offsets into the normalized plain text ({@link NormalizedDocument.text}). */
  startOffset: number;
  endOffset: number;
  provenance: Provenance;
}

/**
 * A top-level block of the normalized document and where its plain text sits in
 * {@link NormalizedDocument.text} (`text.slice(startOffset, endOffset)` is the block's text).
 */
export interface DocumentBlock {
  /** Index of the block in `root.children`. */
  index: number;
  /** The mdast node type (`heading`, `paragraph`, `table`, `code`, `list`…). */
  type: string;
  startOffset: number;
  endOffset: number;
  /** Texts of the headings above the block (for a heading: its ancestors and itself). */
  headingPath: string[];
  provenance: Provenance;
}

/**
 * The normalized document: the pipeline's result before enrichment and rendering. It is
 * serializable JSON; the service stores it so further outputs never acquire the source again.
 */
export interface NormalizedDocument {
  root: Root;
  metadata: DocumentMetadata;
  /** The plain text that chunk offsets refer to (blocks joined by blank lines). */
  text: string;
  chunks: Chunk[];
  /** The top-level blocks with their offsets into {@link text}; the engine always fills it. */
  blocks?: DocumentBlock[];
  /** Warnings collected so far, as `code: sentence`. */
  warnings: string[];
}

export type { Root, RootContent };
