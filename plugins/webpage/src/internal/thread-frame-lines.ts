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
  // The reply box under a thread, to a reader who is not signed in (Invision Community): `Join the
  // conversation`, `You need to be a member in order to leave a comment`, `Sign up for a new account
  // in our community. It's easy!`, `You can post now and register later. …`, `Note: Your post will
  // require moderator approval before it will be visible.`, and a sign-in link's `I already have an
  // account`.
  /^join the conversation$/i,
  /^you need to be a member in order to (?:leave a comment|reply|post)\.?$/i,
  /^sign up for a new account in our community\. it(?:'|’)s easy!?$/i,
  /^you can post now and register later\.(?: if you have an account, sign in now to post with your account\.)?$/i,
  /^note: your post will require moderator approval before it will be visible\.?$/i,
  /^i already have an account\.?$/i,
];

/** True when a line (a block's whole text, spaces collapsed) is one of {@link THREAD_FRAME_LINES}. */
export function isThreadFrameLine(line: string): boolean {
  return THREAD_FRAME_LINES.some((pattern) => pattern.test(line));
}
