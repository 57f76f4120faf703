import { SDK_VERSION, type PluginManifest } from '@transmute/plugin-sdk';
import { installedOcrLanguages } from './ocr-languages.js';

/** The capabilities' `use_case` is at most this long (API spec). */
const MAX_USE_CASE = 300;

const USE_CASE =
  'PDFs and scanned images to structured text: the PDF text layer in reading order, OCR for scans and images, every block tied to its page.';

/**
 * The use case with the OCR languages installed here (tesseract codes): capabilities carry it, and
 * their schema has no other place for them (`languages` are the output languages, CONTRACT §12).
 */
export function describeUseCase(languages: readonly string[]): string {
  for (let shown = languages.length; shown > 0; shown -= 1) {
    const more = languages.length - shown;
    const list = `${languages.slice(0, shown).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
    const text = `${USE_CASE} OCR languages installed: ${list}.`;
    if (text.length <= MAX_USE_CASE) return text;
  }
  return USE_CASE;
}

/** The spec's `source.ocr` plugin entry (API spec, "Plugin entries with their constants"). */
export function createOcrManifest(): PluginManifest {
  return {
    id: 'source.ocr',
    kind: 'source_adapter',
    canonicalIdentifier: 'ocr_document.v1',
    useCase: describeUseCase(installedOcrLanguages()),
    mediaTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'],
    outputFormats: [],
    costUnit: 'ocr_pages',
    limits: { maximum_bytes: 104_857_600, maximum_pages: 500, minimum_confidence: 0.7 },
    qualityThreshold: 0.7,
    sdkVersion: SDK_VERSION,
  };
}
