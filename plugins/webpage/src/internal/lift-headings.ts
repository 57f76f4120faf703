/** MediaWiki's `[edit]` links beside every section heading: the wiki's chrome, not the article's words. */
const EDIT_LINKS = '.mw-editsection';

/**
 * Lifts a heading out of a `<div>` that holds nothing else, and drops MediaWiki's edit links.
 * Wikipedia wraps each section heading (`<div class="mw-heading mw-heading2"><h2>History</h2>
 * <span class="mw-editsection">[edit]</span></div>`): Readability weighs the wrapper as a short,
 * link-dense block and removes it, and with it every heading shorter than its edit link allows.
 */
export function liftWrappedHeadings(document: Document): void {
  for (const edit of document.querySelectorAll(EDIT_LINKS)) edit.remove();
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const wrapper = heading.parentElement;
    if (wrapper?.localName !== 'div' || wrapper.children.length !== 1) continue;
    if (wrapper.textContent.trim() !== heading.textContent.trim()) continue;
    wrapper.replaceWith(heading);
  }
}
