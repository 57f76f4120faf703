import { nodesUnder } from './dom-walk.js';
import type { Article } from './readability.js';
import { classAndIdWords } from './element-names.js';
import { isInvisible, visibleTextOf } from './visible-text.js';
import { lowerCaseWords } from './word-characters.js';

/** Tags whose repeated siblings are a listing's entries (a card, a row, a list item). */
const ENTRY_TAGS = new Set(['div', 'li', 'article', 'section']);
/** A listing shows at least this many entries; a story's related box shows three to six. */
const MIN_ENTRIES = 8;
/** … and at least this share of one shape's siblings are entries. */
const ENTRY_SHARE = 0.8;
/** An entry is a title and a line or two: a post of a thread or a section of prose is longer. */
const MAX_ENTRY_WORDS = 80;
/** A title link holds at least this many words (not `More`, not a number of a pager). */
const MIN_TITLE_WORDS = 2;
/** At least this share of the entries is not in the article already (not its own list). */
const MIN_NEW_SHARE = 0.5;
/**
 * The entries hold at least this share of the article's words: a listing's introduction is short
 * beside its entries, a story is long beside a list of other stories (most read, more headlines),
 * and a service page's text beside its portfolio's captions or its Instagram feed (a quarter kept
 * those: see DECISIONS, issue 26 listings).
 */
const MIN_WORDS_SHARE = 0.4;
/** Elements that are a page's chrome, kept in the region when they hold much of its text. */
const ASIDE_TAGS = new Set(['nav', 'aside', 'header', 'footer', 'menu']);
/** Words of a class or id naming a box of other pages beside the content, not the page's list. */
const ASIDE_WORDS = new Set([
  ...['related', 'recommended', 'recommendations', 'popular', 'trending', 'similar', 'latest'],
  ...['most', 'mostread', 'mostpopular', 'mostviewed', 'viewed', 'watched'],
  ...['sidebar', 'widget', 'footer', 'menu', 'nav', 'carousel', 'slider'],
]);

/**
 * The entries of a listing that Readability left beside its introduction: a category, archive or
 * index page opens with a few paragraphs about its subject (which Readability reads as the
 * article) and then lists its entries, each a linked title and perhaps a line (which Readability
 * leaves: each is too short). Looked for in the page's main region (chrome removed): the largest
 * run of eight or more siblings of one tag and shared class, 80 % of them entries (a link of two
 * words or more, 80 words at most), under no block named for related, popular or sidebar content,
 * half of which the article does not hold, together 40 % of the article's words at least.
 * Null when there is none.
 */
export function findListedItems(region: Element, articleText: string): Element[] | null {
  const articleWords = lowerCaseWords(articleText);
  const article = ` ${articleWords.join(' ')} `;
  const inArticle = (entry: Element) => article.includes(` ${titleOf(entry)?.join(' ') ?? ''} `);
  let best: { entries: Element[]; words: number } | null = null;
  for (const node of [region, ...nodesUnder(region, 'elements', isInvisible)]) {
    const parent = node as Element;
    for (const members of candidateRuns(parent)) {
      if (members.length < MIN_ENTRIES) continue;
      const entries = members.filter(isEntry);
      if (entries.length < ENTRY_SHARE * members.length) continue;
      const words = members.reduce((sum, member) => sum + lowerCaseWords(visibleTextOf(member)).length, 0);
      if (best !== null && words <= best.words) continue;
      // Searched in the article only for a run that would be the best so far.
      if (members.filter((member) => !inArticle(member)).length < MIN_NEW_SHARE * members.length) continue;
      if (underAside(parent, region)) continue;
      best = { entries: members, words };
    }
  }
  if (best === null || best.words < MIN_WORDS_SHARE * articleWords.length) return null;
  return best.entries;
}

/**
 * The runs of entries a parent may hold: its children of one shape ({@link shapesOf}), and the cards
 * of a grid laid out in rows ({@link cardsAcrossRows}), which a reader reads as one list.
 */
function candidateRuns(parent: Element): Element[][] {
  const runs = parent.childElementCount >= MIN_ENTRIES ? shapesOf(parent.children) : [];
  if (parent.childElementCount >= MIN_ROWS) runs.push(...cardsAcrossRows(parent));
  return runs;
}

/** A grid shows at least two rows of cards … */
const MIN_ROWS = 2;
/** … each of two to six cards (a wider row is a list of its own). */
const MIN_ROW_CARDS = 2;
const MAX_ROW_CARDS = 6;

/**
 * The cards of a grid whose rows are siblings: a template that lays cards out three to a row
 * (`<div class="row"><div class="col-md-4">` …, each row perhaps in a wrapper of its own) gives
 * no parent eight cards, while a reader sees one list. For each run of two or more rows of one
 * shape, each row is followed down through wrappers of one element child to the first element with
 * two to six children; when every row ends on such an element and all their children share one
 * shape, those children, in order, are one run. Empty when there is none.
 */
function cardsAcrossRows(parent: Element): Element[][] {
  const runs: Element[][] = [];
  for (const rows of shapesOf(parent.children)) {
    if (rows.length < MIN_ROWS) continue;
    const cards: Element[] = [];
    for (const row of rows) {
      let node: Element = row;
      while (node.childElementCount === 1 && node.firstElementChild !== null) node = node.firstElementChild;
      if (node.childElementCount < MIN_ROW_CARDS || node.childElementCount > MAX_ROW_CARDS) {
        cards.length = 0;
        break;
      }
      cards.push(...Array.from(node.children));
    }
    if (cards.length < MIN_ENTRIES) continue;
    const shapes = shapesOf(cards);
    if (shapes.length === 1 && shapes[0]?.length === cards.length) runs.push(cards);
  }
  return runs;
}

/**
 * The element children grouped by tag and the class most of them share (digits dropped):
 * a template gives every entry of a list one class and some entries more (a WordPress post's
 * `post-30149`, `category-recipes`, `format-video`; a `featured` card), so neither an entry's first
 * class nor its whole set of classes names its list. A child without a class is grouped by its tag.
 */
function shapesOf(elements: Iterable<Element>): Element[][] {
  const children = Array.from(elements).filter((child) => ENTRY_TAGS.has(child.localName));
  const counts = new Map<string, number>();
  for (const child of children) {
    for (const name of classesOf(child)) {
      const key = `${child.localName}.${name}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const groups = new Map<string, Element[]>();
  for (const child of children) {
    let key = `${child.localName}.`;
    for (const name of classesOf(child)) {
      const candidate = `${child.localName}.${name}`;
      if ((counts.get(candidate) ?? 0) > (counts.get(key) ?? 0)) key = candidate;
    }
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [child]);
    else group.push(child);
  }
  return [...groups.values()];
}

/** An element's classes without their digits (a post's own `post-30149` is `post-`), each once. */
function classesOf(element: Element): Set<string> {
  const names = (element.getAttribute('class') ?? '').trim().split(/\s+/);
  return new Set(names.map((name) => name.replace(/\d+/g, '')).filter((name) => name !== ''));
}

/** A linked title of two words or more, in a block of at most 80 words. */
function isEntry(element: Element): boolean {
  const words = lowerCaseWords(visibleTextOf(element)).length;
  if (words < MIN_TITLE_WORDS || words > MAX_ENTRY_WORDS) return false;
  return titleOf(element) !== undefined;
}

/** The words of an entry's title: its first link of two words or more. */
function titleOf(element: Element): string[] | undefined {
  for (const link of Array.from(element.querySelectorAll('a[href]'))) {
    const words = lowerCaseWords(link.textContent ?? '');
    if (words.length >= MIN_TITLE_WORDS) return words;
  }
  return undefined;
}

/**
 * True when the element or one above it, up to the region or the page's `<main>`, is a `<nav>`,
 * `<aside>`, header or footer, or is named for content beside the page's (a wrapper holding the `<main>`, `content-sidebar-wrap`, is its layout).
 */
function underAside(element: Element, region: Element): boolean {
  for (let node: Element | null = element; node !== null && node !== region; node = node.parentElement) {
    if (node.localName === 'main' || node.getAttribute('role') === 'main') return false;
    // A menu the region kept for its size (a documentation site's index of pages) is still a menu.
    if (ASIDE_TAGS.has(node.localName)) return true;
    if (classAndIdWords(node).some((word) => ASIDE_WORDS.has(word))) return true;
  }
  return false;
}

/**
 * The element that wraps a listing's added entries: the HTML → mdast step keeps the items under it
 * (its cards, linked titles and lines) and judges Readability's part beside it as an article's,
 * whose teasers and link lists are not the listing (DECISIONS, issue 26), then unwraps it.
 */
export const LISTED_ITEMS_MARK = 'transmute-listed-items';

/**
 * Readability's article followed by the listing's entries, in one block of the entries' document
 * (the article is copied there): the introduction first, as a listing shows it. The entries are
 * wrapped in {@link LISTED_ITEMS_MARK}.
 */
export function withListedItems(article: Article, entries: readonly Element[]): Article {
  const document = entries[0]?.ownerDocument;
  if (document === undefined || !article.content) return article;
  const block = document.createElement('div');
  const listed = document.createElement(LISTED_ITEMS_MARK);
  listed.append(...entries);
  block.append(document.importNode(article.content, true), listed);
  const textContent = [article.textContent ?? '', ...entries.map(visibleTextOf)].join('\n');
  return { ...article, content: block, textContent, length: textContent.length };
}
