import {
  TransmuteError,
  isFailureCode,
  type DocumentMetadata,
  type ExtractedDocument,
  type PluginManifest,
  type SourceFile,
  type StageContext,
} from '@transmute/plugin-sdk';
import { toString } from 'mdast-util-to-string';
import { detectLanguage } from './detect-language.js';
import { joinPageTables } from './join-page-tables.js';
import { minimumConfidence } from './ocr-page.js';
import { withoutPageFurniture } from './page-furniture.js';
import type { PdfInfo } from './pdf-protocol.js';
import type { DocumentKind } from './sniff.js';
import { toMediaType } from './sniff.js';
import { toDocumentTree, type SourcePage } from './to-document-tree.js';

/** The pages read from a file (all, or one range of a PDF), as JSON: what {@link assembleDocument} takes. */
export interface PageReading {
  kind: DocumentKind;
  info: PdfInfo;
  pages: SourcePage[];
  ocrPages: number;
  /** The OCR languages the pages were read in. */
  ocrLanguages: string[];
  /** A TIFF range none of whose pages could be read: its first page's failure. */
  failure?: { code: string; message: string };
}

/**
 * The document from the readings of a file's pages, in page order (one reading of every page, or
 * one per page range): running headers and footers, headings, title, language and facts are
 * decided over all pages, so a document read in ranges comes out as if read whole.
 */
export function assembleDocument(
  file: SourceFile,
  readings: PageReading[],
  ctx: StageContext,
  manifest: Pick<PluginManifest, 'qualityThreshold'>,
): ExtractedDocument {
  const [first] = readings;
  if (first === undefined) throw new TransmuteError('internal_error', 'No page reading to assemble.');
  const pages = readings.flatMap((reading) => reading.pages);
  const failure = readings.find((reading) => reading.failure !== undefined)?.failure;
  // A file none of whose pages could be read fails with the reason, not as empty.
  if (pages.length === 0 && failure !== undefined) {
    throw new TransmuteError(
      isFailureCode(failure.code) ? failure.code : 'extraction_failed',
      failure.message,
    );
  }
  const ocrPages = readings.reduce((sum, reading) => sum + reading.ocrPages, 0);
  const ocrLanguages = [...new Set(readings.flatMap((reading) => reading.ocrLanguages))];
  const metadata: DocumentMetadata = { mediaType: toMediaType(first.kind), sizeBytes: file.sizeBytes };
  metadata.pageCount = first.info.pageCount;
  if (first.info.title !== undefined) metadata.title = first.info.title;
  if (first.info.author !== undefined) metadata.author = first.info.author;
  const declaredLanguage = first.info.language;
  const { qualityThreshold } = manifest;
  const furniture = withoutPageFurniture(pages);
  const tables = joinPageTables(furniture.pages);
  const root = toDocumentTree(tables.pages, file.fileId);
  const text = toString(root, { includeImageAlt: false });
  if (root.children.length === 0 || text.trim() === '') {
    if (
      ocrPages > 0 &&
      pages.some((page) => page.confidence !== undefined && page.confidence < qualityThreshold)
    ) {
      throw new TransmuteError('quality_below_threshold', 'OCR found no text above the minimum confidence.');
    }
    throw new TransmuteError('empty_content', 'The document contains no extractable text.');
  }
  finishMetadata(metadata, {
    root,
    text,
    pages,
    ocrPages,
    declaredLanguage,
    ctx,
  });
  if (ocrPages > 0) metadata.facts = { ...metadata.facts, ocr_languages: ocrLanguages.join(', ') };
  if (furniture.removed > 0) {
    metadata.facts = { ...metadata.facts, page_furniture_blocks: furniture.removed };
    const named = furniture.lines.map((line) => `"${line}"`).join(', ');
    ctx.warn(
      'page_furniture_removed',
      `${furniture.removed} running header/footer or page-number block(s) were removed at page edges: ${named} (# stands for a number).`,
    );
  }
  for (const join of tables.joined) {
    const header = join.droppedHeaderRows > 0 ? `, its repeated header row dropped` : '';
    ctx.warn(
      'table_continued',
      `A table continued from page ${join.from} onto page ${join.to} was merged into one${header}.`,
    );
  }
  ctx.meter('extracted_characters', text.length);
  return { root, metadata };
}

function finishMetadata(
  metadata: DocumentMetadata,
  input: {
    root: ExtractedDocument['root'];
    text: string;
    pages: SourcePage[];
    ocrPages: number;
    declaredLanguage: string | undefined;
    ctx: StageContext;
  },
): void {
  const language = detectLanguage(input.text, input.declaredLanguage);
  if (language !== undefined) metadata.language = language;
  if (metadata.title === undefined) {
    const heading = input.root.children.find((node) => node.type === 'heading');
    if (heading !== undefined) metadata.title = toString(heading);
  }
  metadata.facts = { ocr_pages: input.ocrPages, text_layer_pages: input.pages.length - input.ocrPages };
  const ocrPages = input.pages.filter((page) => page.confidence !== undefined);
  if (ocrPages.length > 0) Object.assign(metadata.facts, ocrFacts(ocrPages, input.ctx));
}

/**
 * The OCR'd pages' confidence in the facts (the mean, and each page's), and the weak pages named in
 * an `ocr_low_confidence` warning with the words left out of them.
 */
function ocrFacts(pages: SourcePage[], ctx: StageContext): Record<string, number | string> {
  const confidence = (page: SourcePage): number => Math.round((page.confidence ?? 0) * 1000) / 1000;
  const mean = pages.reduce((sum, page) => sum + (page.confidence ?? 0), 0) / pages.length;
  const facts: Record<string, number | string> = {
    ocr_confidence: Math.round(mean * 1000) / 1000,
    ocr_page_confidences: pages.map((page) => `${page.page}: ${confidence(page)}`).join(', '),
  };
  const dropped = pages.reduce((sum, page) => sum + (page.droppedWords ?? 0), 0);
  if (dropped > 0) facts['ocr_dropped_words'] = dropped;
  const minimum = minimumConfidence(ctx);
  const weak = pages.filter((page) => (page.confidence ?? 0) < minimum);
  if (weak.length > 0) {
    facts['ocr_weak_pages'] = weak.map((page) => page.page).join(', ');
    const named = weak.map((page) => `${page.page} (${confidence(page).toFixed(2)})`).join(', ');
    ctx.warn(
      'ocr_low_confidence',
      `${weak.length === 1 ? 'page' : 'pages'} ${named} read with a confidence below ${minimum}; the words read with less were left out.`,
    );
  }
  return facts;
}
