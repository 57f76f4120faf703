import { nodesUnder } from './dom-walk.js';
import { classAndIdWords } from './element-names.js';
import { itemClassKey } from './main-region.js';
import { visibleTextOf } from './visible-text.js';
import { countWordCharacters } from './word-characters.js';

/** An element holding this share of its parent's text is the parent's content, not one part of it. */
const DOMINANT_SHARE = 0.8;
/** The article is one item of a run of at least this many, each with at least this much text… */
const MIN_ITEMS = 3;
const MIN_ITEM_CHARACTERS = 40;
/** …that together hold at least this many times the article's text. */
const ITEMS_GAIN = 1.5;
/** Words of a class or id naming a post of a thread (`post-body`, `postBody`, `Message`). */
const POST_WORDS = new Set([
  'post',
  'posts',
  'message',
  'messages',
  'comment',
  'comments',
  'reply',
  'replies',
]);
/** Readability's own wrappers around the article it read (`readability-page-1`). */
const READABILITY_ID = /^readability-/;

/**
 * True when Readability's article is one post of a thread: the element it read (or the one inside
 * it holding most of its text) carries a class naming a post (`post-body`, `postBody`, `Message`)
 * that at least three blocks of the page's main region carry, and those blocks hold one and a half
 * times the article's text. A forum's posts are each their own `post-body`, and Readability took
 * the longest one (a reply, or the opening post) as the article; the thread is all of them. An
 * article's own body is one of a kind on its page, and a page builder's blocks, which share one
 * class (`pbf-element`), do not name posts.
 */
export function readsOneOfItems(article: Element, articleCharacters: number, region: Element): boolean {
  const keys = new Set(articleClassKeys(article, articleCharacters));
  if (keys.size === 0 || articleCharacters === 0) return false;
  const items = new Map<string, Element[]>();
  for (const node of nodesUnder(region, 'elements', () => false)) {
    const element = node as Element;
    if (!element.hasAttribute('class')) continue;
    const key = itemClassKey(element.getAttribute('class'));
    if (!keys.has(key)) continue;
    const found = items.get(key) ?? [];
    // Outermost only: a post's own inner block of the same class is not a second post.
    if (!found.some((item) => item.contains(element))) found.push(element);
    items.set(key, found);
  }
  for (const found of items.values()) {
    const sizes = found
      .map((item) => countWordCharacters(visibleTextOf(item)))
      .filter((size) => size >= MIN_ITEM_CHARACTERS);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    if (sizes.length >= MIN_ITEMS && total >= ITEMS_GAIN * articleCharacters) return true;
  }
  return false;
}

/**
 * The class keys ({@link itemClassKey}) of the article's element and of the elements inside it
 * that hold most of its text, down to where its text parts ways (the element Readability picked),
 * for those whose class or id names a post.
 */
function articleClassKeys(article: Element, articleCharacters: number): string[] {
  const keys: string[] = [];
  let element: Element | undefined = article;
  while (element !== undefined) {
    const id = element.getAttribute('id') ?? '';
    const key = itemClassKey(element.getAttribute('class'));
    const namesPost = classAndIdWords(element).some((word) => POST_WORDS.has(word));
    if (key !== '' && !READABILITY_ID.test(id) && namesPost) keys.push(key);
    element = Array.from(element.children).find(
      (child) => countWordCharacters(child.textContent ?? '') >= DOMINANT_SHARE * articleCharacters,
    );
  }
  return keys;
}
