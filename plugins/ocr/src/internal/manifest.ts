import { SDK_VERSION, type PluginManifest } from '@transmute/plugin-sdk';

/** The spec's `source.ocr` plugin entry (API spec, "Plugin entries with their constants"). */
export function createOcrManifest(): PluginManifest {
  return {
    id: 'source.ocr',
    kind: 'source_adapter',
    canonicalIdentifier: 'ocr_document.v1',
    useCase:
      'PDFs and scanned images to structured text: the PDF text layer in reading order, OCR for scans and images, every block tied to its page.',
    mediaTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'],
    outputFormats: [],
    costUnit: 'ocr_pages',
    limits: { maximum_bytes: 104_857_600, maximum_pages: 500, minimum_confidence: 0.7 },
    qualityThreshold: 0.7,
    sdkVersion: SDK_VERSION,
  };
}
