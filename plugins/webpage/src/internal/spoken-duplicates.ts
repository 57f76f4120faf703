import { nodesUnder } from './dom-walk.js';
import { classAndIdNames } from './element-names.js';
import { SCREEN_READER_NAME } from './screen-reader-text.js';
import { isInvisible, visibleTextOf } from './visible-text.js';

/**
 * Removes under `root` the screen readers' copies of what the page shows beside them: an element
 * named as text for screen readers only whose words are exactly the words of the rest of its
 * parent (a marketplace prints each price, date and button twice, `EUR 355.58<span
 * class="clipped">EUR 355.58</span>`). A screen reader's only label (a price whose shown digits a
 * template hides from it) says something the page does not, and stays. Returns the number removed.
 */
export function dropSpokenDuplicates(root: Element): number {
  const named: Element[] = [];
  for (const node of nodesUnder(root, 'elements', isInvisible)) {
    const element = node as Element;
    if (classAndIdNames(element).some((name) => SCREEN_READER_NAME.test(name))) named.push(element);
  }
  let removed = 0;
  // A parent's text is read once (a page of thousands of copies in one block stays linear): the
  // copy stands beside the one thing it repeats, so a parent has at most one to drop.
  const judged = new Set<Element>();
  for (const element of named) {
    const parent = element.parentElement;
    if (parent === null || judged.has(parent)) continue;
    const spoken = normalized(visibleTextOf(element));
    if (spoken === '') continue;
    judged.add(parent);
    const parentText = normalized(visibleTextOf(parent));
    const shown = parentText.replace(spoken, '').trim();
    if (shown !== spoken) continue;
    element.remove();
    removed += 1;
  }
  return removed;
}

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
