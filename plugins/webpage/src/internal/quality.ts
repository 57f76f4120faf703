import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';

/** How usable the extracted text is, 0..1, with the measurements behind it. */
export interface QualityReport {
  score: number;
  /** Characters of plain text kept. */
  characters: number;
  /** Letters and digits kept: what is left once punctuation and whitespace are gone. */
  wordCharacters: number;
  /** Share of the kept text that sits inside links (navigation, link lists). */
  linkDensity: number;
}

/** Below this many letters and digits nothing usable remains. */
export const MINIMUM_USABLE_CHARACTERS = 25;

/**
 * Scores an extraction. A real article of a few paragraphs scores 1; the score drops when no
 * main content was found (the whole body was kept), when little text is left, and when most of
 * the text is link text.
 *
 * score = origin × length × links, where origin is 1 for an article and 0.7 for the whole-body
 * fallback, length = 0.5 + 0.5 × min(1, characters / 300), and links = 1 − max(0, linkDensity − 0.5).
 */
export function scoreQuality(root: Root, mainContentFound: boolean): QualityReport {
  const text = toString(root);
  const characters = text.length;
  let linkCharacters = 0;
  visit(root, 'link', (node) => {
    linkCharacters += toString(node).length;
    return 'skip';
  });
  const wordCharacters = (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
  const linkDensity = characters === 0 ? 0 : Math.min(1, linkCharacters / characters);
  const origin = mainContentFound ? 1 : 0.7;
  const length = 0.5 + 0.5 * Math.min(1, characters / 300);
  const links = 1 - Math.max(0, linkDensity - 0.5);
  const score = wordCharacters === 0 ? 0 : round(origin * length * links);
  return { score, characters, wordCharacters, linkDensity: round(linkDensity) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
