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

/** Characters of prose the language is guessed from (franc reads at most 2,048). */
const LANGUAGE_SAMPLE = 1200;
/** Characters taken from one block, so the sample spans several blocks of a long text. */
const BLOCK_SAMPLE = 600;

/**
 * The prose the language is guessed from: the start of each prose block in order, up to
 * LANGUAGE_SAMPLE characters. franc's time grows with the sample (0.5 ms for 2,048 characters
 * here, 0.25 ms for 1,000), and its answer among the reportable languages settles long before.
 */
function languageSample(document: NormalizedDocument): string {
  let sample = '';
  for (const block of document.blocks ?? []) {
    if (!PROSE.has(block.type)) continue;
    const end = Math.min(block.endOffset, block.startOffset + BLOCK_SAMPLE);
    sample += `${document.text.slice(block.startOffset, end)}\n`;
    if (sample.length >= LANGUAGE_SAMPLE) return sample.slice(0, LANGUAGE_SAMPLE);
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
