import { availableParallelism } from 'node:os';
import {
  TransmuteError,
  assertWithinByteLimit,
  definePlugin,
  readFileHead,
  resolveByteLimit,
  type ExtractedDocument,
  type FileInspection,
  type PagedReading,
  type PageRange,
  type PluginHealth,
  type PluginManifest,
  type SourceAdapter,
  type SourceFile,
  type SourceProbe,
  type StageContext,
} from '@transmute/plugin-sdk';
import { assembleDocument, type PageReading } from './internal/assemble-document.js';
import { countTiffPages, readTiff } from './internal/extract-tiff.js';
import { readImage } from './internal/extract-image.js';
import { assertNotCanceled, countPdfPages, readPdf } from './internal/extract-pdf.js';
import { inspectFile } from './internal/inspect-file.js';
import { createOcrManifest } from './internal/manifest.js';
import { chooseOcrEngine, type OcrEngineChoice } from './internal/choose-ocr-engine.js';
import { AdaptiveOcrEngine } from './internal/adaptive-ocr-engine.js';
import { DocumentOcr } from './internal/document-ocr.js';
import { installedOcrLanguages } from './internal/ocr-languages.js';
import { findLanguageData } from './internal/ocr-engine.js';
import { PdfPool } from './internal/pdf-pool.js';
import { pdfjsDirectory } from './internal/pdfjs-loader.js';
import type { OcrRuntime, OcrSettings } from './internal/runtime.js';
import { sniffKind, type DocumentKind } from './internal/sniff.js';

/** Options of {@link createOcrSource}; every field has a sensible default. */
export interface OcrSourceOptions {
  /** OCR languages (tesseract codes); each needs its `@tesseract.js-data/<code>` package. Default `['eng']`. */
  languages?: string[];
  /** pdf.js worker threads of the conversions (documents read at once). Default: min(2, cores). */
  poolSize?: number;
  /**
   * pdf.js worker threads of upload validation (`inspect`), apart from the conversions' so that
   * checking a new upload never waits for a conversion's pages. Default 1.
   */
  inspectionPoolSize?: number;
  /** Time limit of one page's text layer or rendering, and of opening a document. Default 60 s. */
  pageTimeoutMs?: number;
  /**
   * Time limit of each step of upload validation on a PDF (opening it; reading the last page of
   * one without an end-of-file marker). A sound PDF opens in well under a second; a file that
   * takes longer is refused (`timeout`) rather than hold the validation worker. Default 20 s.
   */
  inspectionTimeoutMs?: number;
  /** Time limit of one page's OCR. Default 120 s. */
  ocrPageTimeoutMs?: number;
  /**
   * OCR engine: `auto` (default) uses the native `tesseract` binary (4.1+) when it is on PATH and
   * tesseract.js otherwise; `tesseract.js` always uses WebAssembly. Both read the shipped data.
   */
  engine?: OcrEngineChoice;
  /** OCR pages without a usable text layer. Default true. */
  ocr?: boolean;
  /** Rendering resolution for OCR. Default 300. */
  renderDpi?: number;
  /** V8 heap cap of a pdf.js worker in MB. Default 1024. */
  workerMaxHeapMb?: number;
  /** A pdf.js worker whose heap passes this many bytes after a page is replaced. Default 384 MB. */
  workerRecycleHeapBytes?: number;
}

/**
 * Uploads come in bursts: the validation worker stays for the next one (loading pdf.js again costs
 * about a second) but does not keep its few hundred MB through a quiet night.
 */
const INSPECTION_IDLE_MS = 30_000;

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result < 1)
    throw new TypeError(`createOcrSource: ${name} must be a positive integer`);
  return result;
}

function toSettings(options: OcrSourceOptions): OcrSettings {
  const languages = options.languages ?? ['eng'];
  if (languages.length === 0) throw new TypeError('createOcrSource: languages must not be empty');
  for (const language of languages) {
    if (!/^[a-z_]{3,12}$/.test(language))
      throw new TypeError(`createOcrSource: invalid language "${language}"`);
  }
  const positive = (value: number | undefined, fallback: number, name: string): number => {
    const result = value ?? fallback;
    if (!Number.isFinite(result) || result <= 0) throw new TypeError(`createOcrSource: ${name} must be > 0`);
    return result;
  };
  return {
    languages,
    pageTimeoutMs: positive(options.pageTimeoutMs, 60_000, 'pageTimeoutMs'),
    inspectionTimeoutMs: positive(options.inspectionTimeoutMs, 20_000, 'inspectionTimeoutMs'),
    ocrPageTimeoutMs: positive(options.ocrPageTimeoutMs, 120_000, 'ocrPageTimeoutMs'),
    renderDpi: positive(options.renderDpi, 300, 'renderDpi'),
    maxRenderPixels: 40_000_000,
    ocr: options.ocr ?? true,
    minTextCharacters: 16,
    maxImagePixels: 100_000_000,
  };
}

/**
 * Creates the `source.ocr` adapter: PDFs read from their text layer with pdf.js (reading order,
 * paragraphs, headings, lists, tables, page on every block), scans and images OCR'd locally with
 * tesseract (native when installed, else tesseract.js) from shipped language data.
 *
 * @example
 * const ocr = createOcrSource();
 * const doc = await ocr.extract({ name: 'a.pdf', mediaType: 'application/pdf', sizeBytes, path }, ctx);
 * await ocr.close?.();
 */
export function createOcrSource(options: OcrSourceOptions = {}): SourceAdapter {
  const settings = toSettings(options);
  const manifest = createOcrManifest();
  const workerBounds = {
    maxHeapMb: options.workerMaxHeapMb ?? 1024,
    recycleHeapBytes: options.workerRecycleHeapBytes ?? 384 * 1024 * 1024,
  };
  const runtime: OcrRuntime = {
    settings,
    conversionPool: new PdfPool({
      size: positiveInteger(options.poolSize, Math.min(2, availableParallelism()), 'poolSize'),
      ...workerBounds,
    }),
    inspectionPool: new PdfPool({
      size: positiveInteger(options.inspectionPoolSize, 1, 'inspectionPoolSize'),
      ...workerBounds,
      idleTimeoutMs: INSPECTION_IDLE_MS,
    }),
    ocr: new AdaptiveOcrEngine(chooseOcrEngine(settings.languages, options.engine), {
      retryBelow: manifest.limits['minimum_confidence'] ?? 0.7,
      // An A3 page at 300 dpi is 17 Mpx; turning or enlarging needs a few copies of the pixels in this thread.
      maxPixels: 25_000_000,
    }),
  };
  return definePlugin<SourceAdapter>({
    manifest,
    health: () => checkHealth(settings, runtime.ocr.name),
    accepts: (probe: SourceProbe) =>
      manifest.mediaTypes.includes(probe.mediaType) || sniffKind(probe.head) !== undefined,
    inspect: (file: SourceFile): Promise<FileInspection> => inspectFile(file, runtime, manifest.limits),
    extract: (file: SourceFile, ctx: StageContext) => extract(file, ctx, runtime, manifest),
    pages: pagedReading(runtime, manifest),
    close: async () => {
      await Promise.all([
        runtime.conversionPool.close(),
        runtime.inspectionPool.close(),
        runtime.ocr.close(),
      ]);
    },
  });
}

async function checkHealth(settings: OcrSettings, engine: string): Promise<PluginHealth> {
  const missing = settings.languages.filter((language) => findLanguageData(language) === undefined);
  if (missing.length > 0) return { ok: false, detail: `OCR data missing for: ${missing.join(', ')}` };
  try {
    // Resolved, not loaded: pdf.js's polyfills would slow this whole thread (see loadPdfjs).
    pdfjsDirectory();
    await import('@napi-rs/canvas');
  } catch (error) {
    return { ok: false, detail: `pdf.js or its canvas cannot load: ${String(error)}` };
  }
  return {
    ok: true,
    detail: `pdf.js text layer; OCR with ${engine}, languages: ${settings.languages.join(', ')} (installed: ${installedOcrLanguages().join(', ')})`,
  };
}

/** The file's kind, after the byte limit (`corrupt_file` when it is no PDF or image). */
async function checkedKind(
  file: SourceFile,
  ctx: StageContext,
  manifest: Pick<PluginManifest, 'limits'>,
): Promise<DocumentKind> {
  assertNotCanceled(ctx.signal);
  assertWithinByteLimit(file, resolveByteLimit(manifest.limits, ctx.limits));
  const kind = sniffKind(await readFileHead(file.path, 1024));
  if (kind === undefined)
    throw new TransmuteError('corrupt_file', 'The file is neither a PDF nor a PNG, JPEG or TIFF image.');
  return kind;
}

/** Reads the pages of a PDF (all, or `range`) with an OCR that notes the languages it used. */
async function readPdfPages(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
  range?: PageRange,
): Promise<PageReading> {
  const ocr = new DocumentOcr(runtime.ocr, runtime.settings.languages, file.preferredLanguage);
  const reading = await readPdf(file, ctx, { ...runtime, ocr }, range);
  return { kind: 'pdf', ...reading, ocrLanguages: ocr.languages };
}

async function extract(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
  manifest: Pick<PluginManifest, 'limits' | 'qualityThreshold'>,
): Promise<ExtractedDocument> {
  const kind = await checkedKind(file, ctx, manifest);
  if (kind === 'pdf') return assembleDocument(file, [await readPdfPages(file, ctx, runtime)], ctx, manifest);
  const ocr = new DocumentOcr(runtime.ocr, runtime.settings.languages, file.preferredLanguage);
  const reading = await readImage(file, kind, ctx, { ...runtime, ocr });
  const info = { pageCount: reading.pageCount };
  const pages: PageReading = { kind, info, ...reading, ocrLanguages: ocr.languages };
  return assembleDocument(file, [pages], ctx, manifest);
}

/** Reads the pages of a multi-page TIFF in `range` (OCR, noting the languages used). */
async function readTiffPages(
  file: SourceFile,
  ctx: StageContext,
  runtime: OcrRuntime,
  range: PageRange,
): Promise<PageReading> {
  const ocr = new DocumentOcr(runtime.ocr, runtime.settings.languages, file.preferredLanguage);
  const reading = await readTiff(file, ctx, { ...runtime, ocr }, range);
  return { kind: 'tiff', info: { pageCount: reading.pageCount }, ...reading, ocrLanguages: ocr.languages };
}

/** Page-range reading of PDFs and TIFFs (PNG and JPEG are extracted whole: `countPages` answers 0). */
function pagedReading(runtime: OcrRuntime, manifest: PluginManifest): PagedReading {
  return {
    async countPages(file, ctx) {
      const kind = await checkedKind(file, ctx, manifest);
      if (kind === 'pdf') return countPdfPages(file, ctx, runtime);
      return kind === 'tiff' ? countTiffPages(file, ctx, runtime) : 0;
    },
    async readPages(file, range, ctx) {
      const kind = await checkedKind(file, ctx, manifest);
      return kind === 'tiff'
        ? readTiffPages(file, ctx, runtime, range)
        : readPdfPages(file, ctx, runtime, range);
    },
    assemble: async (file, readings, ctx) => assembleDocument(file, readings as PageReading[], ctx, manifest),
  };
}
