import { sectionOf } from './other-products.js';
import { visibleTextOf } from './visible-text.js';
import { countWordCharacters } from './word-characters.js';

/**
 * The heading of a forum's list of other threads beside a thread: "Similar threads", "Related
 * topics", "Suggested topics", "More discussions", "Other threads in this forum".
 */
const OTHER_THREADS_HEADING =
  /^(?:similar|related|suggested|more|other|recommended|latest|new|popular|trending)\s+(?:threads|topics|discussions|questions)\b/i;
/** A heading is at most this many characters. */
const MAX_HEADING_LENGTH = 80;
/** A block holding more than this share of the thread's text is the thread itself. */
const MAX_BLOCK_SHARE = 0.5;

/**
 * Removes from a thread's region (`root`, a fresh parse the caller owns) the blocks a heading names
 * as other threads (see {@link OTHER_THREADS_HEADING}): links to other pages of the forum, not the
 * thread's posts. A block that holds the `<h1>` (the thread's title) or more than half the text
 * stays. Returns the number of blocks removed.
 */
export function dropOtherThreads(root: Element): number {
  const headings = Array.from(root.querySelectorAll('h2, h3, h4, h5, h6')).filter((heading) => {
    const text = (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
    return text.length <= MAX_HEADING_LENGTH && OTHER_THREADS_HEADING.test(text);
  });
  if (headings.length === 0) return 0;
  const rootCharacters = countWordCharacters(visibleTextOf(root));
  let removed = 0;
  for (const heading of headings) {
    if (!root.contains(heading)) continue;
    const blocks = sectionOf(heading, root);
    const characters = blocks.reduce((sum, block) => sum + countWordCharacters(visibleTextOf(block)), 0);
    const holdsTitle = blocks.some((block) => block.localName === 'h1' || block.querySelector('h1') !== null);
    if (holdsTitle || characters > MAX_BLOCK_SHARE * rootCharacters) continue;
    for (const block of blocks) block.remove();
    removed += 1;
  }
  return removed;
}
