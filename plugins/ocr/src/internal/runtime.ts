import type { OcrEngine } from './ocr-engine.js';
import type { PdfPool } from './pdf-pool.js';

/** Settled options of the OCR source. */
export interface OcrSettings {
  languages: string[];
  pageTimeoutMs: number;
  ocrPageTimeoutMs: number;
  renderDpi: number;
  maxRenderPixels: number;
  ocr: boolean;
  minTextCharacters: number;
  maxImagePixels: number;
}

/** What the stages of the OCR source share: settings, the pdf.js pool and the OCR engine. */
export interface OcrRuntime {
  settings: OcrSettings;
  pool: PdfPool;
  ocr: OcrEngine;
}
