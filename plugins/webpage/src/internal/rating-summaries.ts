import { nodesUnder } from './dom-walk.js';
import { visibleTextOf } from './visible-text.js';

/**
 * A product page's rating summary beside its name or price: "Rated 4.8 out of 5", "Based on 46971
 * reviews", "4.6 out of 5 Stars. 1664 reviews", "4.7 out of 5 stars from 10 customer ratings",
 * "339 reviews". It counts the shop's reviews, which the product's reader reads for in the reviews
 * themselves; none of the dev truths of a product page keeps it. On a page of items (a shop's
 * category) each card's rating is the card's, so this is for a product's page only.
 */
const RATING_SUMMARY = new RegExp(
  '^(?:' +
    [
      // "Rated 4.8 out of 5", "4.6 out of 5 Stars. 1664 reviews", "4.7 out of 5 stars from 10 customer ratings"
      String.raw`(?:rated\s+)?\d(?:[.,]\d+)?\s*(?:out of|/)\s*5(?:[.,]0)?(?:\s*stars?)?\.?(?:\s*(?:from|based on)?\s*[\d.,]+\s*(?:customer\s+|user\s+)?(?:reviews?|ratings?|votes?))?`,
      // "Based on 46971 reviews", "339 reviews", "(1,113 ratings)"
      String.raw`(?:based on\s+)?\(?[\d.,]+k?\s*(?:customer\s+|user\s+)?(?:reviews?|ratings?)\)?`,
    ].join('|') +
    String.raw`)\.?$`,
  'i',
);
/** A summary is a short line: longer text is a sentence about ratings. */
const MAX_SUMMARY_CHARACTERS = 80;

/** True when a line is a rating summary ({@link RATING_SUMMARY}). */
export function isRatingSummary(text: string): boolean {
  const line = text.replace(/\s+/g, ' ').trim();
  return line !== '' && line.length <= MAX_SUMMARY_CHARACTERS && RATING_SUMMARY.test(line);
}

/** A text node that may be part of a summary: the climb from it is tried. */
const SUMMARY_WORD = /review|rating|rated|out of|\/\s*5\b/i;

/**
 * Removes from a product page's reading (`content`) each element whose whole text is a rating
 * summary: the outermost one above a text node naming reviews or ratings (a summary drawn as stars
 * and a count in two spans goes whole). Only the few text nodes that name them start a climb, and a
 * climb stops at the first ancestor of more than a summary's length. Returns the number removed.
 */
export function dropRatingSummaries(content: Element): number {
  const found = new Set<Element>();
  for (const node of nodesUnder(content, 'elements and text', () => false)) {
    if (node.nodeType !== TEXT_NODE || !SUMMARY_WORD.test(node.nodeValue ?? '')) continue;
    let summary: Element | null = null;
    for (
      let element = node.parentElement;
      element !== null && element !== content;
      element = element.parentElement
    ) {
      if ((element.textContent ?? '').length > 4 * MAX_SUMMARY_CHARACTERS) break;
      if (isRatingSummary(visibleTextOf(element))) summary = element;
    }
    if (summary !== null) found.add(summary);
  }
  let removed = 0;
  for (const element of found) {
    if (!content.contains(element)) continue;
    element.remove();
    removed += 1;
  }
  return removed;
}

const TEXT_NODE = 3;
