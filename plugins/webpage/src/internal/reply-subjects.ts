import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { lowerCaseWords } from './word-characters.js';

/** A reply's subject line: `Re: <the thread's subject>`, `Re:Maybe Rust…`. */
const REPLY_SUBJECT = /^\s*re\s*:/i;
/** A thread heads at least this many of its replies with their subject. */
const MIN_REPLY_SUBJECTS = 3;
/** A subject has at most this many words. */
const MAX_SUBJECT_WORDS = 20;

/**
 * Removes the headings a forum gives each reply with its subject (`Re: <the thread's title>`):
 * phpBB, FluxBB and Slashdot head every post with one, and the thread's readers (and WCXB's
 * labels) read the title once, above the posts. Only when three headings or more of the
 * converted page are such subjects: one `Re:` heading is a page's own. Done on the converted tree,
 * not the page: the headings help Readability find the posts.
 */
export function dropReplySubjects(root: Root): number {
  const isSubject = (node: Root['children'][number]): boolean => {
    if (node.type !== 'heading') return false;
    const text = toString(node);
    return REPLY_SUBJECT.test(text) && lowerCaseWords(text).length <= MAX_SUBJECT_WORDS;
  };
  const subjects = root.children.filter(isSubject).length;
  if (subjects < MIN_REPLY_SUBJECTS) return 0;
  root.children = root.children.filter((node) => !isSubject(node));
  return subjects;
}
