import { classAndIdNames } from './element-names.js';
import { nodesUnder } from './dom-walk.js';
import { hasNonSpaceText, isInvisible, visibleTextOf } from './visible-text.js';
import { countWordCharacters, lowerCaseWords } from './word-characters.js';

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

/**
 * An id numbering a post of a thread as forum software prints it: `js-post-137554686` (XenForo),
 * `post_2` (Discourse), `post12345` (vBulletin).
 */
const NUMBERED_POST_ID = /^(?:js-)?post[-_]?\d+$/i;
/** A class WordPress gives a blog's entry (`post_class`): its `post-123` id numbers no thread's post. */
const BLOG_ENTRY_CLASS = /^(?:hentry|type-[\w-]+|status-[a-z]+)$/;

/** True when an element is named or typed as a comment or a post of a thread. */
export function isPostContainer(element: Element): boolean {
  const itemtype = itemTypeOf(element);
  if (itemtype !== null && POST_TYPE.test(itemtype.trim())) return true;
  return classAndIdNames(element).some((name) => COMMENT_NAME.test(name));
}

/**
 * True when an element's id numbers it as a post ({@link NUMBERED_POST_ID}), outside a WordPress
 * entry's classes. One such post is a blog's article (`<div class="post-wrapper" id="post-48954">`):
 * only a page that numbers three or more has a thread's posts ({@link withNumberedPosts}).
 */
export function isNumberedPost(element: Element): boolean {
  const id = element.getAttribute('id');
  if (id === null || !NUMBERED_POST_ID.test(id)) return false;
  return !classAndIdNames(element).some((name) => BLOG_ENTRY_CLASS.test(name));
}

/** The post containers with the numbered posts added when the page numbers at least three. */
export function withNumberedPosts(named: readonly Element[], numbered: readonly Element[]): Element[] {
  return numbered.length >= MIN_POSTS ? [...named, ...numbered] : [...named];
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
 * words or more that no post holds and that stand together in one block, as children or
 * grandchildren of one element (a blog post above its comments; a thread has none). Prose scattered over the page in blocks of their
 * own (the teasers of other threads, a newsletter box, the footer's blurb) is no article.
 */
export function hasArticleOutsidePosts(body: Element, candidates: readonly Element[]): boolean {
  const outermost = outermostOf(candidates);
  const wordsByBlock = new Map<Element, number>();
  for (const paragraph of Array.from(body.querySelectorAll('p'))) {
    if (outermost.some((post) => post.contains(paragraph)) || isHidden(paragraph)) continue;
    const count = paragraph.textContent?.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    if (count < PROSE_PARAGRAPH_WORDS) continue;
    // Its block is its parent or the parent's parent: an article's standfirst, body and closing
    // line stand in sibling wrappers of one `<article>`.
    for (const block of [paragraph.parentElement, paragraph.parentElement?.parentElement ?? null]) {
      if (block === null) continue;
      const words = (wordsByBlock.get(block) ?? 0) + count;
      if (words >= ARTICLE_PROSE_WORDS) return true;
      wordsByBlock.set(block, words);
    }
  }
  return false;
}

/**
 * True when an element stands in a block no reader sees until a script shows it: a closed
 * `<dialog>` (a site's terms of use waiting in a modal), or one marked `hidden` or `aria-hidden`.
 */
function isHidden(element: Element): boolean {
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    if (node.localName === 'dialog' && !node.hasAttribute('open')) return true;
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}

function outermostOf(candidates: readonly Element[]): Element[] {
  return candidates.filter(
    (element) => !candidates.some((other) => other !== element && other.contains(element)),
  );
}

/** A post's words count when its longest text runs to this many letters and digits (a sentence). */
const MISSED_POST_CHARACTERS = 40;
/** A post is in the article when this share of its longest text's distinct words is. */
const POST_IN_ARTICLE_SHARE = 0.5;

/**
 * True when a thread's article left out some of its posts: a post of `region` (an element named or
 * typed as a post that holds no other: {@link isPostContainer}) whose longest text, a sentence or
 * more, the article mostly lacks. Readability takes the longest post of a thread (a log pasted in a
 * reply) as its article; a thread's content is every post. The longest text is the post's own
 * words: its chrome (the poster's rank, join date, counts, reply buttons) comes in short pieces,
 * which the article may well have dropped.
 */
export function missesPosts(articleText: string, region: Element): boolean {
  const elements = Array.from(region.querySelectorAll('*')).filter((element) => element.hasAttributes());
  const candidates = withNumberedPosts(
    elements.filter((element) => isPostContainer(element)),
    elements.filter((element) => !isPostContainer(element) && isNumberedPost(element)),
  );
  // An empty anchor numbered as the post (`<span id="post-137554686">`) holds none of it.
  const withText = candidates.filter((element) => hasNonSpaceText(element));
  const innermost = withText.filter(
    (element) => !withText.some((other) => other !== element && element.contains(other)),
  );
  if (innermost.length < MIN_POSTS) return false;
  const inArticle = new Set(lowerCaseWords(articleText));
  return innermost.some((post) => {
    const text = longestTextOf(post);
    if (countWordCharacters(text) < MISSED_POST_CHARACTERS) return false;
    const words = new Set(lowerCaseWords(text));
    const found = [...words].filter((word) => inArticle.has(word)).length;
    return found < POST_IN_ARTICLE_SHARE * words.size;
  });
}

const TEXT_NODE = 3;

/** The longest visible text node under an element. */
function longestTextOf(root: Element): string {
  let longest = '';
  for (const node of nodesUnder(root, 'elements and text', isInvisible)) {
    if (node.nodeType !== TEXT_NODE) continue;
    const text = (node as Text).data;
    if (text.length > longest.length) longest = text;
  }
  return longest;
}
