/**
 * Marko's async fragments (eBay's pages and others built on Marko) send a page's slower parts after
 * its shell: each as a hidden `<div id="afbrwweb7" style="display:none">` near the end of the body,
 * which a script moves into its placeholder, `<span id="afbrwwebph7">` (a loading skeleton inside).
 * A browser shows the page with every fragment in place; a reader without scripts sees the
 * skeletons, and the fragments' text is hidden (a search page's results, filters and heading were
 * all in fragments: eBay's category page read as its header's links and "Loading...").
 */

/** A placeholder's id: `af`, the fragments' namespace (maybe none), `ph` and a number. */
const PLACEHOLDER_ID = /^(af\w*?)ph(\d+)$/;
/** Cheap test on the markup before any walk: an element whose id is a placeholder's. */
const PLACEHOLDER_MARKUP = /\sid=["']?af\w*?ph\d+\b/;

/**
 * Puts Marko's async fragments where its scripts would put them: each placeholder
 * (`id="af…ph7"`) is replaced by the nodes of its fragment (`id="af…7"`), a hidden `<div>`. A
 * placeholder without its fragment stays as it is. Changes `document`; `html` is its markup, read
 * first so that a page without placeholders costs no walk.
 */
export function placeAsyncFragments(document: Document, html: string): number {
  if (!PLACEHOLDER_MARKUP.test(html)) return 0;
  let placed = 0;
  for (const placeholder of Array.from(document.querySelectorAll('[id^="af"]'))) {
    const match = PLACEHOLDER_ID.exec(placeholder.id);
    if (match === null) continue;
    const fragment = document.getElementById(`${match[1] ?? ''}${match[2] ?? ''}`);
    const parent = placeholder.parentNode;
    if (
      fragment === null ||
      parent === null ||
      fragment.localName !== 'div' ||
      fragment.contains(placeholder)
    ) {
      continue;
    }
    fragment.remove();
    while (fragment.firstChild !== null) parent.insertBefore(fragment.firstChild, placeholder);
    placeholder.remove();
    placed += 1;
  }
  return placed;
}
