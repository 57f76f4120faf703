import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { countWordCharacters } from './word-characters.js';

/** How usable the extracted text is, 0..1, with the measurements behind it. */
export interface QualityReport {
  score: number;
  /** Characters of plain text kept. */
  characters: number;
  /** Letters and digits kept: what is left once punctuation and whitespace are gone. */
  wordCharacters: number;
  /** Share of the kept text that sits inside links (navigation, link lists). */
  linkDensity: number;
  /** Letters and digits kept, as a share of those of the whole page (1 when the page has none). */
  extractedShare: number;
}

/** What the score is read from: the converted tree and the page it came from. */
export interface QualityInput {
  root: Root;
  /** False when no article was found and the whole body was kept. */
  mainContentFound: boolean;
  /** Letters and digits of the whole page's body text. */
  pageWordCharacters: number;
}

/** Below this many letters and digits nothing usable remains. */
export const MINIMUM_USABLE_CHARACTERS = 25;

/** Below this share of the page's text, an article is suspect (a fragment of the page). */
const FULL_COVERAGE_SHARE = 0.05;

/**
 * Scores an extraction. A real article of a few paragraphs scores 1; the score drops when no
 * main content was found (the whole body was kept), when little text is left, when most of the
 * text is link text, and when the article is a sliver of a page full of text (Readability took a
 * box, not the article).
 *
 * score = origin × length × links × coverage, where origin is 1 for an article and 0.7 for the
 * whole-body fallback, length = 0.5 + 0.5 × min(1, characters / 300), links = 1 − max(0,
 * linkDensity − 0.5), and coverage = 0.5 + 0.5 × min(1, extractedShare / 0.05).
 */
export function scoreQuality({ root, mainContentFound, pageWordCharacters }: QualityInput): QualityReport {
  const text = toString(root);
  const characters = text.length;
  let linkCharacters = 0;
  visit(root, 'link', (node) => {
    linkCharacters += toString(node).length;
    return 'skip';
  });
  const wordCharacters = countWordCharacters(text);
  const linkDensity = characters === 0 ? 0 : Math.min(1, linkCharacters / characters);
  const origin = mainContentFound ? 1 : 0.7;
  const length = 0.5 + 0.5 * Math.min(1, characters / 300);
  const links = 1 - Math.max(0, linkDensity - 0.5);
  const extractedShare = pageWordCharacters <= 0 ? 1 : Math.min(1, wordCharacters / pageWordCharacters);
  const coverage = 0.5 + 0.5 * Math.min(1, extractedShare / FULL_COVERAGE_SHARE);
  const score = wordCharacters === 0 ? 0 : round(origin * length * links * coverage);
  return {
    score,
    characters,
    wordCharacters,
    linkDensity: round(linkDensity),
    extractedShare: round(extractedShare),
  };
}

/** The report as document facts (`metadata.facts`), shown in summaries. */
export function qualityFacts(quality: QualityReport): Record<string, number> {
  return {
    quality_score: quality.score,
    link_density: quality.linkDensity,
    extracted_share: quality.extractedShare,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
