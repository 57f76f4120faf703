import { nodesUnder } from './dom-walk.js';
import {
  isAttribution,
  isNamedBoilerplate,
  isNamedCaptionOnly,
  type ElementNames,
} from './boilerplate-patterns.js';
import { isScreenReaderName } from './element-names.js';
import { dropHeadingAnchorId } from './heading-anchors.js';
import { HEADING_SELECTOR } from './heading-tags.js';
import {
  hasArticleOutsidePosts,
  isNumberedPost,
  isPostContainer,
  postsAreContent,
  withNumberedPosts,
} from './posts-as-content.js';
import { isSpokenCopyInDom, SPOKEN_COPY_ATTRIBUTE } from './screen-reader-text.js';

/**
 * The element that wraps a named boilerplate block through Readability. Readability rewrites a
 * `<div class="photo-caption">` as a bare `<p>` and the name is lost; the wrapper survives, and
 * the HTML → mdast step drops it (when it is small beside the article) or unwraps it.
 */
export const BOILERPLATE_MARK = 'transmute-boilerplate';

/**
 * Wraps, before Readability reads the page, every element whose tag, class, id, itemprop or role
 * names it as a caption, credit, byline, date, tag list, share bar, related box, comments,
 * newsletter box or ad in a {@link BOILERPLATE_MARK} element; comments stay unmarked when they
 * are the page's content (a forum thread: {@link postsAreContent}). Removes nothing: what Readability
 * picks is decided as before, and the article alone decides what is small enough to drop.
 * Returns true when the page is such a thread with no article body outside its posts.
 */
export function markNamedBoilerplate(document: Document): boolean {
  const body = document.body as HTMLElement | null;
  if (body === null) return false;
  const named: { element: Element; signature: string | undefined }[] = [];
  const attributions = new Map<string, number>();
  const postsNamed: Element[] = [];
  const numbered: Element[] = [];
  // One walk in document order: the names of every element, and how often each attribution repeats.
  for (const node of nodesUnder(body, 'elements', () => false)) {
    const element = node as Element;
    if (element.hasAttributes()) {
      // A heading's slug as its id names nothing: a section titled "Related projects" is no related box.
      dropHeadingAnchorId(element);
      if (isPostContainer(element)) postsNamed.push(element);
      else if (isNumberedPost(element)) numbered.push(element);
    }
    const names = namesOf(element);
    if (!isNamedBoilerplate(names)) continue;
    // A price's spoken copy beside its drawn one is the copy the conversion keeps: marked so, as
    // Readability drops the drawn copy (aria-hidden) that prepare-hast would otherwise see beside it.
    if (isSpokenCopyOnly(element, names)) {
      element.setAttribute(SPOKEN_COPY_ATTRIBUTE, '');
      continue;
    }
    // A block named a caption that holds a heading is a card's text (a product's name and price).
    if (isNamedCaptionOnly(names) && element.querySelector(HEADING_SELECTOR) !== null) continue;
    const signature = isAttribution(names) ? signatureOf(element) : undefined;
    if (signature !== undefined) attributions.set(signature, (attributions.get(signature) ?? 0) + 1);
    named.push({ element, signature });
  }
  // On a forum thread the posts are the content: they stay, with the authors printed per post.
  const posts = withNumberedPosts(postsNamed, numbered);
  const kept = postsAreContent(body, posts);
  const keptPosts = kept ? new Set(posts) : new Set<Element>();
  const thread = kept && !hasArticleOutsidePosts(body, posts);
  for (const { element, signature } of named) {
    if (signature !== undefined && (attributions.get(signature) ?? 0) > 1) continue;
    if (keptPosts.has(element)) continue;
    const mark = document.createElement(BOILERPLATE_MARK);
    element.replaceWith(mark);
    mark.appendChild(element);
  }
  return thread;
}

/** Named boilerplate only as text for screen readers, and the spoken copy of words drawn beside it. */
function isSpokenCopyOnly(element: Element, names: ElementNames): boolean {
  if (!names.names.some(isScreenReaderName)) return false;
  const otherNames = names.names.filter((name) => !isScreenReaderName(name));
  return !isNamedBoilerplate({ ...names, names: otherNames }) && isSpokenCopyInDom(element);
}

/** Tag and classes: an attribution line printed more than once with the same ones is one per post. */
function signatureOf(element: Element): string {
  const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).sort().join('.');
  return `${element.localName}.${classes}`;
}

function namesOf(element: Element): ElementNames {
  // Most elements have no attributes at all: four attribute look-ups spared per element.
  if (!element.hasAttributes()) return { tag: element.localName, names: [], itemprops: [], role: undefined };
  const className = element.getAttribute('class');
  const id = element.getAttribute('id');
  const itemprop = element.getAttribute('itemprop');
  return {
    tag: element.localName,
    names: [...withoutTermClasses(split(className)), ...split(id)],
    itemprops: split(itemprop),
    role: element.getAttribute('role') ?? undefined,
  };
}

/** A class WordPress gives every post: `hentry`, `status-publish`, `type-product`. */
const POST_CLASS = /^(?:hentry|status-[a-z]+|type-[\w-]+)$/;
/**
 * A class naming a term a post is filed under or its author: `tag-news`, `product_tag-organic`,
 * `category-recipes`, `author-jane-doe` (Squarespace's blog entries).
 */
const TERM_CLASS = /^(?:product_)?(?:tag|cat|category|author)-/;

/**
 * The classes of an element without the terms it is filed under when it is a post (WordPress's
 * `post_class`: `product type-product status-publish product_tag-organic`): a post tagged `organic`
 * is a post, not a tag list, a post by `author-jane-doe` is not a byline, and a shop's product
 * cards and a blog index's entries stay.
 */
function withoutTermClasses(classes: string[]): string[] {
  if (!classes.some((name) => POST_CLASS.test(name))) return classes;
  return classes.filter((name) => !TERM_CLASS.test(name));
}

function split(value: string | null): string[] {
  return value === null || value === '' ? [] : value.split(/\s+/).filter((name) => name !== '');
}
