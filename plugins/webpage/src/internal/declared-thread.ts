import { structuredTypes, type DeclaredKindInput } from './declared-kind.js';

/**
 * schema.org types a page gives itself when it is a thread: a forum's `DiscussionForumPosting`, a
 * Q&A site's `QAPage`. Not `Question` (a service's or shop's FAQ names its questions so) nor
 * `Comment` (a story's readers' comments).
 */
const THREAD_TYPES = new Set(['discussionforumposting', 'qapage']);

/**
 * True when the page's structured data (JSON-LD or microdata) says it is a thread or a question
 * with its answers. Forum software prints it whatever it names its posts' blocks (XenForo,
 * Discourse, Invision, vBulletin, Vanilla, Flarum), so a thread is known as one when no class or id
 * names its posts ({@link markNamedBoilerplate} looks for those).
 */
export function declaresThread(input: DeclaredKindInput): boolean {
  return structuredTypes(input).some((type) => THREAD_TYPES.has(type.toLowerCase()));
}
