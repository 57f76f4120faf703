import type { Heading, Nodes, Paragraph } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { DocumentBlock, NormalizedDocument, Provenance, RootContent } from '@transmute/plugin-sdk';
import { toInlineText } from '../normalize/block-text.js';
import { splitSentences, type SentenceSpan } from './split-sentences.js';
import { isContentWord, toWords } from './internal/words.js';

/** A sentence of the document: a verbatim span of `document.text` with its section. */
export interface AnalyzedSentence extends SentenceSpan {
  index: number;
  sectionIndex: number;
  /** Content words (lower-case, stop words removed). */
  words: string[];
}

/** A part of the document under one heading (the part before the first heading has none). */
export interface AnalyzedSection {
  index: number;
  heading: string | null;
  depth: number;
  headingPath: string[];
  /** Offsets into `document.text` (start of the heading, or of the first sentence). */
  start: number;
  end: number;
  sentenceIndexes: number[];
  words: number;
  provenance: Provenance;
}

/** A top-level block of the mdast tree, with the headings above it. */
export interface AnalyzedBlock {
  index: number;
  node: RootContent;
  headingPath: string[];
  provenance: Provenance;
  /** Where the block sits in `document.text`, when the engine recorded it. */
  span?: DocumentBlock;
}

/** Everything the profiles derive from the tree and text, computed once. */
export interface DocumentAnalysis {
  title: string | undefined;
  blocks: AnalyzedBlock[];
  sections: AnalyzedSection[];
  sentences: AnalyzedSentence[];
  wordCount: number;
}

const SEARCH_WINDOW = 65_536;

/**
 * Walks the normalized document once: blocks with heading paths, sections, and the sentences of
 * its paragraphs located in `document.text` (so every sentence is an exact span of it). Linear
 * in the document size.
 */
export function analyzeDocument(document: NormalizedDocument): DocumentAnalysis {
  const { text } = document;
  const state = { cursor: 0, path: [] as { depth: number; text: string }[] };
  const blocks: AnalyzedBlock[] = [];
  const sections: AnalyzedSection[] = [];
  const sentences: AnalyzedSentence[] = [];
  let section = newSection(0, null, 0, [], 0, {});
  sections.push(section);
  const spans = new Map((document.blocks ?? []).map((block) => [block.index, block]));
  for (const [index, node] of document.root.children.entries()) {
    const provenance = node.data?.provenance ?? {};
    const located = spans.get(index);
    // The engine's block offsets are exact: start each block's search where the block starts.
    if (located !== undefined && located.startOffset >= 0) state.cursor = located.startOffset;
    if (node.type === 'heading') {
      const headingText = toString(node).trim();
      state.path = [
        ...state.path.filter((entry) => entry.depth < node.depth),
        { depth: node.depth, text: headingText },
      ];
      const at = locate(text, headingText, state.cursor);
      if (at >= 0) state.cursor = at + headingText.length;
      const path = state.path.map((entry) => entry.text);
      section = newSection(
        sections.length,
        headingText,
        node.depth,
        path,
        at >= 0 ? at : state.cursor,
        provenance,
      );
      sections.push(section);
    }
    const headingPath = state.path.map((entry) => entry.text);
    blocks.push({
      index,
      node,
      headingPath,
      provenance,
      ...(located === undefined ? {} : { span: located }),
    });
    if (node.type !== 'heading')
      state.cursor = addSentences(node, { text, cursor: state.cursor, section, sentences });
  }
  if (sentences.length === 0 && text.trim() !== '') addPlainTextSentences(text, sections[0], sentences);
  finishSections(sections, sentences, text);
  return {
    title: titleOf(document),
    blocks,
    sections: dropEmptyPreamble(sections, sentences),
    sentences,
    wordCount: countWords(text),
  };
}

/** Locates the paragraphs of a block in the text and adds their sentences; returns the new cursor. */
function addSentences(
  node: RootContent,
  into: { text: string; cursor: number; section: AnalyzedSection; sentences: AnalyzedSentence[] },
): number {
  let cursor = into.cursor;
  for (const paragraph of paragraphsOf(node)) {
    const found = locateParagraph(into.text, paragraph, cursor);
    if (found === undefined) continue;
    cursor = found.end;
    for (const span of splitSentences(found.text, found.start)) {
      const words = toWords(span.text).filter(isContentWord);
      into.section.sentenceIndexes.push(into.sentences.length);
      into.sentences.push({ ...span, index: into.sentences.length, sectionIndex: into.section.index, words });
    }
  }
  return cursor;
}

function newSection(
  index: number,
  heading: string | null,
  depth: number,
  headingPath: string[],
  start: number,
  provenance: Provenance,
): AnalyzedSection {
  return { index, heading, depth, headingPath, start, end: start, sentenceIndexes: [], words: 0, provenance };
}

function paragraphsOf(node: Nodes): Paragraph[] {
  if (node.type === 'paragraph') return [node];
  if (node.type === 'table' || node.type === 'code' || node.type === 'html') return [];
  if (!('children' in node)) return [];
  return (node.children as Nodes[]).flatMap((child) => paragraphsOf(child));
}

function locateParagraph(text: string, paragraph: Paragraph, cursor: number): SentenceSpan | undefined {
  const raw = toString(paragraph);
  const inline = toInlineText(paragraph.children).trim();
  for (const candidate of new Set([inline, raw, raw.trim(), raw.replace(/\s*\n\s*/g, ' ').trim()])) {
    const at = locate(text, candidate, cursor);
    if (at >= 0) return { text: candidate, start: at, end: at + candidate.length };
  }
  return undefined;
}

function locate(text: string, needle: string, cursor: number): number {
  if (needle === '') return -1;
  // A bounded window keeps misses from scanning the rest of a large document each time.
  const at = text.slice(cursor, cursor + needle.length + SEARCH_WINDOW).indexOf(needle);
  return at < 0 ? -1 : cursor + at;
}

/** When the tree's paragraphs cannot be found in the text, read sentences from its blocks. */
function addPlainTextSentences(
  text: string,
  section: AnalyzedSection | undefined,
  sentences: AnalyzedSentence[],
): void {
  if (section === undefined) return;
  const blockPattern = /[^\n]+(?:\n[^\n]+)*/g;
  for (let match = blockPattern.exec(text); match !== null; match = blockPattern.exec(text)) {
    for (const span of splitSentences(match[0], match.index)) {
      section.sentenceIndexes.push(sentences.length);
      sentences.push({
        ...span,
        index: sentences.length,
        sectionIndex: section.index,
        words: toWords(span.text).filter(isContentWord),
      });
    }
  }
}

function finishSections(sections: AnalyzedSection[], sentences: AnalyzedSentence[], text: string): void {
  for (const [index, section] of sections.entries()) {
    const first = section.sentenceIndexes[0];
    if (section.heading === null && first !== undefined) section.start = sentences[first]?.start ?? 0;
    const next = sections[index + 1];
    section.end = next === undefined ? text.length : Math.max(section.start, next.start);
    section.words = section.sentenceIndexes.reduce(
      (sum, i) => sum + toWords(sentences[i]?.text ?? '').length,
      0,
    );
  }
}

/** The part before the first heading is a section only when it has sentences. */
function dropEmptyPreamble(sections: AnalyzedSection[], sentences: AnalyzedSentence[]): AnalyzedSection[] {
  const [first] = sections;
  if (
    first === undefined ||
    first.heading !== null ||
    first.sentenceIndexes.length > 0 ||
    sections.length === 1
  )
    return sections;
  for (const sentence of sentences) sentence.sectionIndex -= 1;
  return sections.slice(1).map((section, index) => ({ ...section, index }));
}

function titleOf(document: NormalizedDocument): string | undefined {
  const declared = document.metadata.title?.trim();
  if (declared) return declared;
  const headings = document.root.children.filter((node): node is Heading => node.type === 'heading');
  const top = headings.find((node) => node.depth === 1) ?? headings[0];
  const text = top === undefined ? '' : toString(top).trim();
  return text === '' ? undefined : text;
}

/** Counts words without materialising them (large documents). */
export function countWords(text: string): number {
  const pattern = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
  let count = 0;
  while (pattern.exec(text) !== null) count += 1;
  return count;
}
