import type { ExtractedDocument, NormalizedDocument } from '@transmute/plugin-sdk';
import { checkAborted } from '../internal/abort.js';
import { buildDocumentText } from './build-document-text.js';
import { cleanTree } from './clean-tree.js';
import { detectLanguage } from './detect-language.js';
import { dropBoilerplate } from './drop-boilerplate.js';
import { fixHeadingLevels } from './fix-heading-levels.js';

/** Options of {@link normalizeDocument}. */
export interface NormalizeOptions {
  signal?: AbortSignal;
  warn?: (code: string, detail: string) => void;
}

const PROSE = new Set(['paragraph', 'heading', 'list', 'blockquote']);

function languageSample(document: NormalizedDocument): string {
  let sample = '';
  for (const block of document.blocks ?? []) {
    if (!PROSE.has(block.type)) continue;
    sample += `${document.text.slice(block.startOffset, Math.min(block.endOffset, block.startOffset + 2000))}\n`;
    if (sample.length > 6000) break;
  }
  return sample;
}

/**
 * Normalizes an extracted document in place and builds its plain text: Unicode NFC, whitespace,
 * heading levels, empty nodes, boilerplate repeats (counted as `boilerplate_blocks` in the facts and
 * named in a `boilerplate_removed` warning), language detection. Chunks are left empty.
 *
 * @example
 * const normalized = normalizeDocument(extracted);
 * normalized.text; // blocks joined by blank lines
 */
export function normalizeDocument(
  extracted: ExtractedDocument,
  options: NormalizeOptions = {},
): NormalizedDocument {
  const { root } = extracted;
  if (options.signal) checkAborted(options.signal);
  root.children = root.children.filter((node) => cleanTree(node));
  if (extracted.headingLevelsAsMarked !== true) fixHeadingLevels(root);
  const boilerplate = dropBoilerplate(root);
  if (boilerplate.dropped > 0)
    options.warn?.(
      'boilerplate_removed',
      `${boilerplate.dropped} repeated short block(s) (headers, footers) were removed: ${boilerplate.lines.map((line) => `"${line}"`).join(', ')} (# stands for a number).`,
    );
  if (options.signal) checkAborted(options.signal);
  const { text, blocks } = buildDocumentText(root);
  const document: NormalizedDocument = {
    root,
    metadata: { ...extracted.metadata },
    text,
    blocks,
    chunks: [],
    warnings: [],
  };
  if (boilerplate.dropped > 0)
    document.metadata.facts = { ...document.metadata.facts, boilerplate_blocks: boilerplate.dropped };
  if (!document.metadata.language) {
    const language = detectLanguage(languageSample(document));
    if (language) document.metadata.language = language;
  } else {
    document.metadata.language = document.metadata.language.toLowerCase();
  }
  return document;
}
