import type { DeclaredKind } from './declared-kind.js';
import { visibleTextOf } from './visible-text.js';
import { countWordCharacters } from './word-characters.js';

/**
 * Readability's article is a fragment of the page when it holds less than this share of the main
 * region's text. On the dev pages of WCXB where the region beat an article Readability read, the
 * article held 4–35 % of the region (a service page's one section of prose, a thread's first post);
 * where it lost, 49 % or more.
 */
const FRAGMENT_SHARE = 0.35;
/**
 * …or less than this share of the region's text outside its links. A page's menus, archives and
 * link lists are no sections the article could be one of, and since a page's own header,
 * navigation and footer leave the region whatever they hold (`main-region.ts`), how much of them
 * stays no longer says how much the page holds. A phone maker's page whose longest section holds
 * 40 % of the text outside links, a watch dealer's 45 %, read better whole; a blog post beside its
 * sidebar's lists of pages and archives holds 72 % (39 % counting the links: it stays an article).
 */
const UNLINKED_FRAGMENT_SHARE = 0.5;

/** What {@link readsFragment} weighs. */
export interface FragmentInput {
  /** Letters and digits of Readability's article. */
  articleCharacters: number;
  /** Letters and digits of the page's main region, its chrome removed. */
  regionCharacters: number;
  /** Of those, the letters and digits of the region's links ({@link linkCharacters}); 0 if not counted. */
  linkCharacters?: number;
  /** What the page says it is (`og:type`, JSON-LD, microdata). */
  declaredKind: DeclaredKind | undefined;
  /** Readability found the article's author line. */
  hasByline: boolean;
}

/**
 * True when Readability's article, though it reads as one (a run of prose), is one block of a page
 * that is not an article: it holds under 35 % of the main region's text or under half of the
 * region's text outside its links (`linkCharacters`, when given), and the page does not say
 * it is an article, nor, saying nothing of itself, names the article's author. A service page's
 * sections, a listing's entries or a thread's posts each hold a paragraph or two, and Readability
 * takes the longest; a news story's page says what it is or carries a byline, and the rest of its
 * region is comments, teasers and related links, which Readability rightly leaves. A page that
 * says it is a thread or a listing is read whole even with a byline (a thread's first poster).
 */
export function readsFragment(input: FragmentInput): boolean {
  if (input.declaredKind === 'article') return false;
  if (input.declaredKind === undefined && input.hasByline) return false;
  if (input.articleCharacters < FRAGMENT_SHARE * input.regionCharacters) return true;
  if (input.linkCharacters === undefined) return false;
  return input.articleCharacters < UNLINKED_FRAGMENT_SHARE * (input.regionCharacters - input.linkCharacters);
}

/** Letters and digits a reader sees in the links under `root` (a link inside a link counted once). */
export function linkCharacters(root: Element): number {
  let characters = 0;
  for (const link of Array.from(root.querySelectorAll('a'))) {
    if (link.parentElement?.closest('a')) continue;
    characters += countWordCharacters(visibleTextOf(link));
  }
  return characters;
}
