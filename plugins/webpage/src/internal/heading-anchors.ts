import { isBoilerplateLine } from './boilerplate-patterns.js';
import { isHeadingTag } from './heading-tags.js';

/** A number a generator appends to tell two sections of the same title apart: `examples-1`. */
const REPEAT_SUFFIX = /[-_]\d+$/;

/**
 * Removes an element's `id` when it is only the slug of its own heading: a heading
 * (`<h2 id="related-projects">Related projects</h2>`, MkDocs, Docusaurus) or a section that opens
 * with one (`<section id="respond-to-review-comments"><h2>Respond to review comments</h2>`, Sphinx).
 * Such an id is a link target spelled from the author's title, not a name the template gave a
 * block: read as one, a documentation page's section called "Respond to review comments" or
 * "Related projects" was dropped as a comment thread or a related box, heading and all. Nothing
 * after the reading uses ids (the markdown keeps no anchors). A heading that itself reads as
 * boilerplate ("Related posts", "Comments") keeps its section's id: that box is what it is named.
 * Returns true when it removed one.
 */
export function dropHeadingAnchorId(element: Element): boolean {
  const id = element.getAttribute('id');
  if (id === null || id === '') return false;
  const heading = ownHeadingOf(element);
  const title = heading?.textContent ?? '';
  if (!isSlugOf(id, title) || isBoilerplateLine(title)) return false;
  element.removeAttribute('id');
  return true;
}

/**
 * The element itself when it is a heading, or the heading it opens with: its first element child
 * past empty ones (Sphinx puts an old label's anchor, `<span id="interleaved-replies"></span>`,
 * before a section's heading).
 */
function ownHeadingOf(element: Element): Element | null {
  if (isHeadingTag(element)) return element;
  let child = element.firstElementChild;
  while (child !== null && !isHeadingTag(child) && child.firstChild === null)
    child = child.nextElementSibling;
  return child !== null && isHeadingTag(child) ? child : null;
}

/** Letters and digits only, lower case: what every slug generator keeps of a title. */
function slugKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** True when `id` spells the heading's text (`don-t-get-discouraged-or-impatient`, `using_the_api-2`). */
export function isSlugOf(id: string, headingText: string): boolean {
  const heading = slugKey(headingText);
  if (heading === '') return false;
  return slugKey(id) === heading || slugKey(id.replace(REPEAT_SUFFIX, '')) === heading;
}
