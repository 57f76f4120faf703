import { loadDom, type DomImplementation } from './load-dom.js';
import { markNamedBoilerplate } from './mark-named-boilerplate.js';
import { readWithReadability, type Article } from './readability.js';

/** Words of the page description that must appear in the article (its opening words). */
const ANCHOR_WORDS = 8;
/** How far above the description's paragraph the article container is looked for. */
const MAX_CLIMB = 4;
/** A container with at least this many paragraphs is the article's body. */
const CONTAINER_PARAGRAPHS = 3;

/** The lower-cased letter/digit words of a text, joined by single spaces. */
function normalize(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join(' ');
}

/** Paragraphs of at least this many words are prose (not labels, buttons or link lists). */
const PROSE_PARAGRAPH_WORDS = 10;
/** An article with fewer prose words than this is thin enough to doubt. */
const UNSURE_PROSE_WORDS = 200;
/** The second reading replaces Readability's article only with this much more prose. */
const PROSE_GAIN = 1.5;

/**
 * When Readability is unsure, a second opinion: the page's own description (`<meta
 * name="description">`, `og:description`) usually opens the article. When its opening words are on
 * the page more often than in the article Readability chose (it took an e-mail box that quotes
 * them, because the template named the article's wrapper `artpagination`), and the article is
 * thin (under 200 prose words), the paragraphs around each place they appear are read
 * again on their own. The reading with the most prose replaces
 * Readability's article only when it has clearly more prose (paragraphs of ten words or more);
 * otherwise the answer is null and Readability's article stands.
 */
export async function readMissedArticle(input: {
  html: string;
  dom: DomImplementation;
  url: string | undefined;
  description: string | undefined;
  /** The text a reader sees on the page (without scripts and styles). */
  pageText: string;
  article: Article | null;
}): Promise<Article | null> {
  const words = normalize(input.description ?? '')
    .split(' ')
    .slice(0, ANCHOR_WORDS);
  if (words.length < ANCHOR_WORDS) return null;
  const anchor = words.join(' ');
  // Readability is sure of an article with prose enough (on 258 real pages, no article of 200
  // prose words or more ever lost to a second reading): checked first, it spares a second parse.
  const articleProse = input.article ? proseWords(input.article.content) : 0;
  if (articleProse >= UNSURE_PROSE_WORDS) return null;
  const inArticle = countPhrase(input.article?.textContent ?? '', words);
  if (countPhrase(input.pageText, words) <= inArticle) return null;
  const document = await loadDom(input.html, input.dom, input.url);
  const containers = new Set(paragraphsContaining(document.body as Element | null, anchor).map(containerOf));
  let best: { article: Article; prose: number } | null = null;
  for (const container of containers) {
    const alone = await loadDom(
      `<!DOCTYPE html><html><head></head><body><article>${container.outerHTML}</article></body></html>`,
      input.dom,
      input.url,
    );
    markNamedBoilerplate(alone);
    const reading = readWithReadability(alone);
    const prose = reading === null ? 0 : proseWords(reading.content);
    if (reading !== null && prose > (best?.prose ?? 0)) best = { article: reading, prose };
  }
  if (best === null || best.prose <= articleProse * PROSE_GAIN) return null;
  const { content, textContent } = best.article;
  return input.article === null ? best.article : { ...input.article, content, textContent };
}

/** What separates two words: anything but letters and digits (compiled once, matched in place). */
const SEPARATOR = /[^\p{L}\p{N}]+/uy;

/**
 * How often `words` (lower-cased) follow each other in a raw text, whatever separates them (what
 * `/w1[^\p{L}\p{N}]+w2…/giu` finds, without normalizing the text). Found from the first word's
 * places by string search: a pattern made per page would run in V8's regexp interpreter (it
 * compiles a pattern only once it ran before), a tenth of the page's conversion time.
 */
export function countPhrase(text: string, words: readonly string[]): number {
  const first = words[0];
  if (first === undefined || first === '') return 0;
  const lower = text.toLowerCase();
  let count = 0;
  for (let at = lower.indexOf(first); at !== -1;) {
    const end = phraseEnd(lower, at, words);
    if (end === -1) {
      at = lower.indexOf(first, at + 1);
    } else {
      count += 1;
      at = lower.indexOf(first, end);
    }
  }
  return count;
}

/** Where the phrase that starts at `at` ends, or -1 when `words` do not follow each other there. */
function phraseEnd(text: string, at: number, words: readonly string[]): number {
  let position = at;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    if (!text.startsWith(word, position)) return -1;
    position += word.length;
    if (index === words.length - 1) break;
    SEPARATOR.lastIndex = position;
    if (!SEPARATOR.test(text)) return -1;
    position = SEPARATOR.lastIndex;
  }
  return position;
}

/** A list item of at least this many words, mostly not links, is prose (a glossary's entry). */
const PROSE_ITEM_WORDS = 20;
/** …when at most this share of its words are in links (a listing's entry is mostly its link). */
const PROSE_ITEM_LINK_SHARE = 0.3;

/**
 * Words in the paragraphs of an article that are prose, and in its list items that read as
 * paragraphs: a post written as a list of explained terms or steps is prose, though its sentences
 * stand in `<li>`s (an item holding paragraphs is counted by them).
 */
export function proseWords(article: Element | null | undefined): number {
  let words = 0;
  for (const block of article?.querySelectorAll('p, li') ?? []) {
    // An item holding paragraphs or items is counted by them (its text is not read: nested lists
    // stay linear).
    if (block.localName === 'li' && block.querySelector('p, li') !== null) continue;
    const count = wordCount(block.textContent ?? '');
    if (block.localName === 'p') {
      if (count >= PROSE_PARAGRAPH_WORDS) words += count;
    } else if (count >= PROSE_ITEM_WORDS) {
      const linkWords = Array.from(block.querySelectorAll('a')).reduce(
        (sum, link) => sum + wordCount(link.textContent ?? ''),
        0,
      );
      if (linkWords <= PROSE_ITEM_LINK_SHARE * count) words += count;
    }
  }
  return words;
}

function wordCount(text: string): number {
  return normalize(text).split(' ').length;
}

/** The deepest elements whose text holds `anchor`. */
function paragraphsContaining(root: Element | null, anchor: string): Element[] {
  if (root === null || !normalize(root.textContent ?? '').includes(anchor)) return [];
  const found = Array.from(root.children).flatMap((child) => paragraphsContaining(child, anchor));
  return found.length > 0 ? found : [root];
}

function containerOf(paragraph: Element): Element {
  let current = paragraph.parentElement ?? paragraph;
  for (let climb = 0; climb < MAX_CLIMB; climb += 1) {
    if (current.querySelectorAll('p').length >= CONTAINER_PARAGRAPHS) return current;
    const parent = current.parentElement;
    if (parent === null || parent.localName === 'body') return current;
    current = parent;
  }
  return current;
}
