/**
 * Lines of a forum thread's frame that the line rules of `boilerplate-patterns.ts` did not know, each
 * seen under or between the posts of a thread and in no page's main content of the web-kinds set.
 */
const THREAD_FRAME_LINES: readonly RegExp[] = [
  // A form's labels left alone once its selects are gone: phpBB's `Display: Sort by: Direction:`.
  /^(?:\p{L}+(?: \p{L}+)?\s*:\s*){2,}$/u,
  // Tapatalk's print link and its fold between posts: `Switch to Print View - 22 posts`,
  // `Read more posts (7 remaining)`, `Link:Copy link`.
  /^switch to print view\b.{0,30}$/i,
  /^(?:read|show|load|view) (?:\d+ )?more (?:posts|replies|comments)\s*\(\d+ (?:remaining|more)\)$/i,
  /^link\s*:\s*copy link$/i,
  // A post's buttons in a row: `Reply Subscribe`, `Quote Reply Report`.
  /^(?:reply|subscribe|unsubscribe|quote|report|follow)(?:\s+(?:reply|subscribe|unsubscribe|quote|report|follow))+$/i,
];

/** True when a line (a block's whole text, spaces collapsed) is one of {@link THREAD_FRAME_LINES}. */
export function isThreadFrameLine(line: string): boolean {
  return THREAD_FRAME_LINES.some((pattern) => pattern.test(line));
}
