import type { StageContext } from '@transmute/plugin-sdk';
import type { OcrResult } from './ocr-engine.js';
import type { SourcePage } from './to-document-tree.js';

/** Paragraphs below this confidence are noise (specks, rules, pictures read as letters). */
const NOISE_CONFIDENCE = 0.4;

/**
 * Turns the OCR of one page into a laid-out page: paragraphs below the minimum confidence are
 * dropped from a page whose overall confidence is under it (with an `ocr_low_confidence` warning),
 * noise is dropped everywhere. Line heights become point sizes so headings are found as in PDFs.
 */
export function toOcrPage(
  page: number,
  result: OcrResult,
  options: { dpi: number; ctx: Pick<StageContext, 'warn' | 'limits'> },
): SourcePage {
  const minimum = options.ctx.limits['minimum_confidence'] ?? 0.7;
  const low = result.confidence < minimum;
  if (low && result.paragraphs.length > 0) {
    options.ctx.warn(
      'ocr_low_confidence',
      `page ${page} was recognized with confidence ${result.confidence.toFixed(2)}, below ${minimum}; unreliable text was left out.`,
    );
  }
  const floor = low ? minimum : NOISE_CONFIDENCE;
  const blocks = result.paragraphs
    .filter((paragraph) => paragraph.confidence >= floor)
    .map((paragraph) => ({
      kind: 'paragraph' as const,
      text: paragraph.text,
      // Cap height is about 0.7 of the em; line height in pixels to points at the render dpi.
      size: Math.round(((paragraph.lineHeight * 72) / options.dpi / 1.2) * 2) / 2,
      font: '',
      lineCount: 1,
      ...(paragraph.box === undefined
        ? {}
        : {
            box: {
              x0: paragraph.box[0],
              top: paragraph.box[1],
              x1: paragraph.box[2],
              bottom: paragraph.box[3],
            },
          }),
    }));
  const characters = blocks.reduce((sum, block) => sum + block.text.replace(/\s+/g, '').length, 0);
  // Boxes come normalized to the image, so the page is one unit wide and high.
  return { page, blocks, characters, confidence: result.confidence, width: 1, height: 1 };
}
