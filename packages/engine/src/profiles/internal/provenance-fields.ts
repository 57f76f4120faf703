import type { DocumentBlock, NormalizedDocument, PageBox, Provenance } from '@transmute/plugin-sdk';
import { mergeProvenance } from '../../chunking/merge-provenance.js';
import { timeOf } from './profile-context.js';

/**
 * The provenance fields every JSONL record, chunk, context-pack item and evaluation item carries
 * (CONTRACT §13, docs/PROVENANCE.md). Every field is present; one the source cannot have is null.
 */
export interface ProvenanceFields {
  /** The `file_…` id of the uploaded file, or the source URL; null for inline text. */
  source: string | null;
  /** 1-based page the piece starts on (PDFs, scans). */
  page: number | null;
  /** `[first, last]` pages of the piece when the source has pages (equal when on one page). */
  pages: [number, number] | null;
  /** 1-based slide (presentations). */
  slide: number | null;
  /** Sheet name (spreadsheets). */
  sheet: string | null;
  /** A1-style cell range within `sheet`. */
  cells: string | null;
  /** Chapter title or spine item (e-books). */
  chapter: string | null;
  /** The part of a package, archive or e-mail the piece was read from. */
  path: string | null;
  /** `[start_s, end_s]` in the media (audio, video); `end_s` null when unknown. */
  time: [number, number | null] | null;
  /** One normalized top-left-origin box per page (PDFs, OCR, images). */
  bbox: PageBox[] | null;
  /** Offsets of the piece in the profile's rendered markdown artifact. */
  start_offset: number | null;
  end_offset: number | null;
}

/** A piece's place in the rendered markdown: `markdown.slice(start, end)`. */
export interface MarkdownSpan {
  start: number;
  end: number;
}

const SOURCES = new WeakMap<NormalizedDocument, string | null>();

/**
 * The document's own source: the one uploaded file every block came from, else its URL (a fetched
 * page's, or one the file names, as a feed does); null for inline text and for several files (a
 * piece of those names its file through its blocks). Cached per document, as every record asks.
 */
function documentSource(document: NormalizedDocument): string | null {
  const cached = SOURCES.get(document);
  if (cached !== undefined) return cached;
  const files = new Set((document.blocks ?? []).map((block) => block.provenance.fileId));
  const [only] = files;
  const source = (files.size === 1 ? only : undefined) ?? document.metadata.sourceUrl ?? null;
  SOURCES.set(document, source);
  return source;
}

/**
 * Builds the provenance fields of one record from the provenance of the blocks it was made of
 * (merged as chunks merge theirs), the document's own source, and the piece's span in the
 * rendered markdown.
 *
 * @example
 * const fields = toProvenanceFields(document, [chunk.provenance], locate(markdown, chunk.text, 0));
 */
export function toProvenanceFields(
  document: NormalizedDocument,
  blocks: readonly Provenance[],
  span: MarkdownSpan | null,
): ProvenanceFields {
  const provenance = mergeProvenance(blocks);
  const page = provenance.page ?? null;
  return {
    // A piece not made of blocks (a schema plan's record set of chunks) has the document's source.
    source: provenance.fileId ?? documentSource(document),
    page,
    pages: page === null ? null : [page, provenance.pageEnd ?? page],
    slide: provenance.slide ?? null,
    sheet: provenance.sheet ?? null,
    cells: provenance.cellRange ?? null,
    chapter: provenance.chapter ?? null,
    path: provenance.path ?? null,
    time: timeOf(provenance),
    bbox: provenance.bbox === undefined ? null : provenance.bbox,
    start_offset: span?.start ?? null,
    end_offset: span?.end ?? null,
  };
}

/** The provenance of the document blocks that overlap `[start, end)` of the document text. */
export function blocksBetween(document: NormalizedDocument, start: number, end: number): Provenance[] {
  const blocks: readonly DocumentBlock[] = document.blocks ?? [];
  return blocks
    .filter((block) => block.startOffset < Math.max(end, start + 1) && block.endOffset > start)
    .map((block) => block.provenance);
}

/** Where `text` first occurs in `markdown` at or after `from`; null when it does not. */
export function locate(markdown: string, text: string, from: number): MarkdownSpan | null {
  const start = markdown.indexOf(text, from);
  return start < 0 ? null : { start, end: start + text.length };
}
