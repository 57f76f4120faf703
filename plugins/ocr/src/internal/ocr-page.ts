import type { StageContext } from '@transmute/plugin-sdk';
import { paragraphText, type OcrResult } from './ocr-engine.js';
import type { SourcePage } from './to-document-tree.js';

/** Paragraphs below this confidence are noise (specks, rules, pictures read as letters). */
const NOISE_CONFIDENCE = 0.4;

/** The confidence under which a page is weak, and under which a weak page's words are left out. */
export function minimumConfidence(ctx: Pick<StageContext, 'limits'>): number {
  return ctx.limits['minimum_confidence'] ?? 0.7;
}

/**
 * Turns the OCR of one page into a laid-out page. On a page read with at least the minimum
 * confidence, noise paragraphs are dropped and every other word kept (as the engine read it). On
 * a weak page (part of it blurred, stained or noise) each word read with less than the minimum is
 * left out and the rest kept, so what the engine read well is never lost with what it could not
 * read; the words left out are counted. Line heights become point sizes so headings are found as
 * in PDFs.
 */
export function toOcrPage(
  page: number,
  result: OcrResult,
  options: { dpi: number; ctx: Pick<StageContext, 'limits'> },
): SourcePage {
  const minimum = minimumConfidence(options.ctx);
  const weak = result.confidence < minimum;
  const blocks: SourcePage['blocks'] = [];
  let droppedWords = 0;
  for (const paragraph of result.paragraphs) {
    const words = paragraph.lines.flat();
    const floor = weak ? minimum : 0;
    const kept = weak || paragraph.confidence >= NOISE_CONFIDENCE;
    droppedWords += kept ? words.filter((word) => word.confidence < floor).length : words.length;
    const text = kept ? paragraphText(paragraph, floor) : '';
    if (text === '') continue;
    blocks.push({
      kind: 'paragraph',
      text,
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
    });
  }
  const characters = blocks.reduce(
    (sum, block) => sum + (block.kind === 'table' ? 0 : block.text.replace(/\s+/g, '').length),
    0,
  );
  // Boxes come normalized to the image, so the page is one unit wide and high.
  return { page, blocks, characters, confidence: result.confidence, droppedWords, width: 1, height: 1 };
}
