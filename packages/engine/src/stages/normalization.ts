import { TransmuteError } from '@transmute/contract';
import type { ExtractedDocument, NormalizedDocument } from '@transmute/plugin-sdk';
import { checkAborted } from '../internal/abort.js';
import type { CpuContext } from '../internal/cpu-context.js';
import { normalizeDocument } from '../normalize/normalize-document.js';

/**
 * Stage normalization: NFC, whitespace, heading levels, empty nodes, boilerplate, language, and
 * the document text. A document without text fails with `empty_content` (never an empty output).
 * Meters `extracted_characters`.
 */
export function normalizeStage(
  extracted: ExtractedDocument,
  ctx: CpuContext,
  extra: { title?: string; sourceUrl?: string } = {},
): NormalizedDocument {
  checkAborted(ctx.signal);
  ctx.progress.stage('normalization');
  const document = normalizeDocument(extracted, {
    signal: ctx.signal,
    warn: (code, detail) => ctx.recorder.warn(code, detail),
  });
  if (extra.title) document.metadata.title = extra.title;
  if (extra.sourceUrl) document.metadata.sourceUrl ??= extra.sourceUrl;
  if (document.text.trim() === '') {
    throw new TransmuteError('empty_content', 'The source contains no extractable content.');
  }
  ctx.recorder.meter('extracted_characters', document.text.length);
  ctx.progress.within(100);
  return document;
}
