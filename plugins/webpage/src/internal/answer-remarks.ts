import { nodesUnder } from './dom-walk.js';
import { isPostContainer, itemTypeOf } from './posts-as-content.js';

/** schema.org types of a Q&A page's question and its answers (microdata `itemtype`). */
const QUESTION_OR_ANSWER_TYPE = /schema\.org\/(?:Question|Answer)$/;

/**
 * Removes the remarks under a Q&A page's question and answers: blocks named or typed as comments
 * ({@link isPostContainer}) inside an element typed schema.org `Question` or `Answer`, with their
 * "add a comment" links. A remark asks for a detail or thanks the author; the page's content is
 * the question and its answers (WCXB's labels of Stack Exchange pages leave every remark out). A
 * block holding a question or an answer stays (an answer typed inside its question), and so do
 * a thread's replies typed `Comment` inside a `DiscussionForumPosting`: those are its posts.
 * `html` is the page's markup, read only to skip pages that type no question or answer.
 */
export function dropAnswerRemarks(document: Document, html: string): number {
  // A search for two strings, not a regular expression: every page pays for it.
  const typed = html.includes('schema.org/Question') || html.includes('schema.org/Answer');
  if (!typed || document.body === null) return 0;
  const posts: Element[] = [];
  for (const node of nodesUnder(document.body, 'elements', () => false)) {
    if (isQuestionOrAnswer(node as Element)) posts.push(node as Element);
  }
  // Every element holding a post, marked once walking up from each (a lookup, not a search, per block).
  const holdsPost = new Set<Element>();
  for (const post of posts) {
    for (let up = post.parentElement; up !== null && !holdsPost.has(up); up = up.parentElement)
      holdsPost.add(up);
  }
  const postSet = new Set(posts);
  let removed = 0;
  for (const post of posts) {
    for (const remark of remarksUnder(post, postSet, holdsPost)) {
      remark.remove();
      removed += 1;
    }
  }
  return removed;
}

/** The outermost comment blocks under a question or answer that hold no question or answer. */
function remarksUnder(
  post: Element,
  posts: ReadonlySet<Element>,
  holdsPost: ReadonlySet<Element>,
): Element[] {
  const found: Element[] = [];
  const visit = (element: Element): void => {
    for (const child of Array.from(element.children)) {
      if (posts.has(child)) continue;
      if (isPostContainer(child) && !holdsPost.has(child)) found.push(child);
      else visit(child);
    }
  };
  visit(post);
  return found;
}

function isQuestionOrAnswer(element: Element): boolean {
  if (!element.hasAttributes()) return false;
  const itemtype = itemTypeOf(element);
  return itemtype !== null && QUESTION_OR_ANSWER_TYPE.test(itemtype.trim());
}
