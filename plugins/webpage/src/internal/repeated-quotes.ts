import type { Element, Root } from 'hast';
import { hastSpacedTextOf } from './hast-text.js';
import { lowerCaseWords } from './word-characters.js';

/** Words of one phrase compared between a quote and the rest of the page. */
const PHRASE_WORDS = 6;
/**
 * A quote is a repeat when at least this share of its words is in phrases standing elsewhere on
 * the page (its citation line, `brob said:`, is not).
 */
const REPEATED_SHARE = 0.6;
/**
 * Quotes of fewer words are left: a sentence or two that a reply answers point by point is the
 * reply's context, not a second copy of a post (and a short phrase may be common).
 */
const MIN_QUOTE_WORDS = 40;

/**
 * Drops the block quotes of 40 words or more whose words the page already gives outside any quote:
 * a thread's reply quoting an earlier post of the same page (its "brob said:" line with it), a
 * pull quote repeating a passage of the story. The reader has those words where they were first
 * written; a quote of text that is not on the page (a post of an earlier page, a source quoted)
 * stays, and so does a shorter one, which a reply answering point by point needs.
 */
export function dropRepeatedQuotes(tree: Root): void {
  const quotes: Element[] = [];
  const outside: string[] = [];
  collect(tree, quotes, outside);
  if (quotes.length === 0) return;
  const phrases = phraseSet(lowerCaseWords(outside.join(' ')));
  const repeated = new Set(quotes.filter((quote) => isRepeat(quote, phrases)));
  if (repeated.size > 0) remove(tree, repeated);
}

/** The outermost quotes, and every text outside them. */
function collect(node: Root | Element, quotes: Element[], outside: string[]): void {
  for (const child of node.children) {
    if (child.type === 'text') outside.push(child.value);
    else if (child.type === 'element' && child.tagName === 'blockquote') quotes.push(child);
    else if (child.type === 'element') collect(child, quotes, outside);
  }
}

function isRepeat(quote: Element, phrases: Set<string>): boolean {
  const words = lowerCaseWords(hastSpacedTextOf(quote));
  if (words.length < MIN_QUOTE_WORDS) return false;
  const covered = new Array<boolean>(words.length).fill(false);
  phrasesOf(words).forEach((phrase, start) => {
    if (phrases.has(phrase)) covered.fill(true, start, start + PHRASE_WORDS);
  });
  return covered.filter(Boolean).length >= REPEATED_SHARE * words.length;
}

function phrasesOf(words: readonly string[]): string[] {
  const phrases: string[] = [];
  for (let start = 0; start + PHRASE_WORDS <= words.length; start += 1) {
    phrases.push(words.slice(start, start + PHRASE_WORDS).join(' '));
  }
  return phrases;
}

function phraseSet(words: readonly string[]): Set<string> {
  return new Set(phrasesOf(words));
}

function remove(node: Root | Element, repeated: ReadonlySet<Element>): void {
  node.children = node.children.filter((child) => !(child.type === 'element' && repeated.has(child)));
  for (const child of node.children) if (child.type === 'element') remove(child, repeated);
}
