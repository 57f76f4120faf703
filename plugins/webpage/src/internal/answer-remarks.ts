import { isPostContainer } from './posts-as-content.js';

/** schema.org types of a Q&A page's question and its answers (microdata `itemtype`). */
const QUESTION_OR_ANSWER_TYPE = /schema\.org\/(?:Question|Answer)$/i;
/** The markup of a page that types a question or an answer: no walk for the others. */
const QUESTION_OR_ANSWER_MARKUP = /schema\.org\/(?:Question|Answer)["'\s]/i;

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
  if (!QUESTION_OR_ANSWER_MARKUP.test(html) || document.body === null) return 0;
  const posts = Array.from(document.body.querySelectorAll('[itemtype], [itemType]')).filter(
    isQuestionOrAnswer,
  );
  let removed = 0;
  for (const post of posts) {
    for (const remark of remarksUnder(post)) {
      remark.remove();
      removed += 1;
    }
  }
  return removed;
}

/** The outermost comment blocks under a question or answer that hold no question or answer. */
function remarksUnder(post: Element): Element[] {
  const found: Element[] = [];
  const visit = (element: Element): void => {
    for (const child of Array.from(element.children)) {
      if (isQuestionOrAnswer(child)) continue;
      if (isPostContainer(child) && !holdsQuestionOrAnswer(child)) found.push(child);
      else visit(child);
    }
  };
  visit(post);
  return found;
}

function holdsQuestionOrAnswer(element: Element): boolean {
  return Array.from(element.querySelectorAll('[itemtype], [itemType]')).some(isQuestionOrAnswer);
}

function isQuestionOrAnswer(element: Element): boolean {
  // linkedom keeps an attribute's name as written (`itemType`).
  const itemtype = element.getAttribute('itemtype') ?? element.getAttribute('itemType');
  return itemtype !== null && QUESTION_OR_ANSWER_TYPE.test(itemtype.trim());
}
