import { readFileSync } from 'node:fs';
import type { BlockContent, FootnoteDefinition, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { TransmuteError, type DocumentMetadata } from '@transmute/plugin-sdk';
import type { FormatReader } from '../internal/format-reader.js';
import { commentsSection } from './comments-section.js';
import { toBlocks } from './rtf-blocks.js';
import { emptyDefinitions } from './rtf-definitions.js';
import { RtfInterpreter } from './rtf-interpreter.js';
import { rtfTokens } from './rtf-tokens.js';
import { toRtfDocument } from './rtf-without-header.js';
import { numberNotes } from './number-notes.js';

/**
 * Reads an RTF document (RTF 1.9.1) with the package's own tokenizer and interpreter (no
 * maintained npm parser reads lists, tables and fields): headings from `\outlinelevel` or
 * `heading N` styles, bold / italic / strike runs, nested lists from the list table, tables with
 * merged cells, hyperlink fields, footnotes as GFM footnotes, annotations as a comments section
 * with their anchored text, text through `\ansicpg` / font
 * charsets / `\u`; headers, footers, pictures and document tables left out (pictures counted in a
 * warning); title and author from `\info`; page numbers where the file has `\page` breaks.
 */
export const readRtf: FormatReader = async (file, ctx) => {
  const document = toRtfDocument(readFileSync(file.path), file.name);
  if (document === undefined)
    throw new TransmuteError(
      'corrupt_file',
      `${file.name} is not an RTF document: it does not start with {\\rtf and has no RTF control words.`,
    );
  const { bytes, warning } = document;
  if (warning !== undefined) ctx.warn('rtf_header_missing', warning);
  const definitions = emptyDefinitions();
  const pages = { current: 1, counted: false };
  const interpreter = new RtfInterpreter(definitions, pages);
  interpreter.run(rtfTokens(bytes));
  ctx.signal.throwIfAborted();
  const children: RootContent[] = toBlocks(interpreter.main.items, definitions).map(({ block, page }) => {
    if (pages.counted) block.data = { ...block.data, provenance: { page } };
    return block;
  });
  for (const note of interpreter.footnotes) {
    const blocks = toBlocks(note.body.items, definitions).map(({ block }) => block);
    const content = blocks.filter((block): block is BlockContent => block.type !== 'footnoteDefinition');
    if (content.length === 0) continue;
    const definition: FootnoteDefinition = {
      type: 'footnoteDefinition',
      identifier: note.identifier,
      label: note.identifier,
      children: content,
    };
    if (pages.counted) definition.data = { provenance: { page: note.page } };
    children.push(definition);
  }
  numberNotes(children);
  const comments = interpreter.annotations.map((annotation) => ({
    author: annotation.author,
    text: toBlocks(annotation.body.items, definitions)
      .map(({ block }) => toString(block))
      .join(' ')
      .trim(),
    anchor:
      annotation.anchor === undefined ? '' : (interpreter.main.anchors.get(annotation.anchor) ?? '').trim(),
  }));
  children.push(
    ...commentsSection(
      comments.filter((comment) => comment.text !== ''),
      { path: 'annotations' },
    ),
  );
  if (interpreter.pictures > 0)
    ctx.warn(
      'images_skipped',
      `${String(interpreter.pictures)} picture${interpreter.pictures === 1 ? '' : 's'} embedded in the RTF (\\pict) left out.`,
    );
  const root: Root = { type: 'root', children };
  if (toString(root).trim() === '') throw new TransmuteError('empty_content', `${file.name} holds no text.`);
  const metadata: DocumentMetadata = { mediaType: file.mediaType, sizeBytes: file.sizeBytes };
  if (pages.counted) metadata.pageCount = pages.current;
  if (interpreter.metadata.title !== undefined) metadata.title = interpreter.metadata.title;
  if (interpreter.metadata.author !== undefined) metadata.author = interpreter.metadata.author;
  return { root, metadata };
};
