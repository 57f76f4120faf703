import { classAndIdNames } from './element-names.js';
import { visibleTextOf } from './visible-text.js';
import { countWordCharacters } from './word-characters.js';

/** A class or id token naming a comment or a post of a thread (`comment-4398546_wrap`, `comments`). */
const COMMENT_NAME = /(?:^|[-_])(?:comments?|disqus)(?:$|[-_])/i;
/** schema.org types of a post in a thread or a reader's comment (microdata `itemtype`). */
const POST_TYPE = /schema\.org\/(?:Comment|DiscussionForumPosting|Answer|Question|SocialMediaPosting)$/i;
/** A thread has at least this many posts. */
const MIN_POSTS = 3;
/** The posts are the page's content when they hold more than this share of its visible text. */
const MIN_POSTS_SHARE = 0.5;

/** An element's microdata `itemtype` (linkedom keeps an attribute's name as written: `itemType`). */
export function itemTypeOf(element: Element): string | null {
  return element.getAttribute('itemtype') ?? element.getAttribute('itemType');
}

/** True when an element is named or typed as a comment or a post of a thread. */
export function isPostContainer(element: Element): boolean {
  const itemtype = itemTypeOf(element);
  if (itemtype !== null && POST_TYPE.test(itemtype.trim())) return true;
  return classAndIdNames(element).some((name) => COMMENT_NAME.test(name));
}

/**
 * True when a page's comments are its content (a forum thread, a Q&A page): at least three
 * elements named or typed as comments or posts (class/id `comment…`, schema.org `Comment`,
 * `DiscussionForumPosting`) whose outermost ones (a thread's wrapper, or its posts) hold more than half the text a reader sees
 * on the page. An article's reader comments stand below an article body that is not theirs, and
 * stay boilerplate unless they outweigh it.
 */
export function postsAreContent(body: Element, candidates: readonly Element[]): boolean {
  if (candidates.length < MIN_POSTS) return false;
  const outermost = outermostOf(candidates);
  const pageCharacters = countWordCharacters(visibleTextOf(body));
  if (pageCharacters === 0) return false;
  const postCharacters = outermost.reduce(
    (sum, element) => sum + countWordCharacters(visibleTextOf(element)),
    0,
  );
  return postCharacters > MIN_POSTS_SHARE * pageCharacters;
}

/** Prose words outside the posts that make the page an article with comments below it. */
const ARTICLE_PROSE_WORDS = 150;
/** A paragraph of at least this many words is prose. */
const PROSE_PARAGRAPH_WORDS = 10;

/**
 * True when the page has an article body outside its posts: 150 words or more in paragraphs of ten
 * words or more that no post holds (a blog post above its comments; a thread has none).
 */
export function hasArticleOutsidePosts(body: Element, candidates: readonly Element[]): boolean {
  const outermost = outermostOf(candidates);
  let words = 0;
  for (const paragraph of Array.from(body.querySelectorAll('p'))) {
    if (outermost.some((post) => post.contains(paragraph))) continue;
    const count = paragraph.textContent?.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    if (count >= PROSE_PARAGRAPH_WORDS) words += count;
    if (words >= ARTICLE_PROSE_WORDS) return true;
  }
  return false;
}

function outermostOf(candidates: readonly Element[]): Element[] {
  return candidates.filter(
    (element) => !candidates.some((other) => other !== element && other.contains(element)),
  );
}
