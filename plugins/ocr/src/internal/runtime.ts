import type { OcrEngine } from './ocr-engine.js';
import type { PdfPool } from './pdf-pool.js';

/** Settled options of the OCR source. */
export interface OcrSettings {
  languages: string[];
  pageTimeoutMs: number;
  inspectionTimeoutMs: number;
  ocrPageTimeoutMs: number;
  renderDpi: number;
  maxRenderPixels: number;
  ocr: boolean;
  minTextCharacters: number;
  maxImagePixels: number;
}

/** What the stages of the OCR source share: settings, the pdf.js pools and the OCR engine. */
export interface OcrRuntime {
  settings: OcrSettings;
  /** The conversions' workers: each is lent to one document for all of its pages. */
  conversionPool: PdfPool;
  /**
   * Upload validation's workers, apart from the conversions': a cheap check never waits until a
   * conversion has read its last page.
   */
  inspectionPool: PdfPool;
  ocr: OcrEngine;
}
