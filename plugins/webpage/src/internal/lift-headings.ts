/** MediaWiki's `[edit]` links beside every section heading: the wiki's chrome, not the article's words. */
const EDIT_LINKS = '.mw-editsection';
/** MediaWiki's wrapper of a section heading (`<div class="mw-heading mw-heading2">`, since 2024). */
const HEADING_WRAPPERS = 'div.mw-heading';

/**
 * Lifts MediaWiki's section headings out of their wrappers and drops its edit links. Wikipedia
 * wraps each heading (`<div class="mw-heading mw-heading2"><h2>History</h2><span
 * class="mw-editsection">[edit]</span></div>`): Readability weighs the wrapper as a short,
 * link-dense block and removes it, and with it every heading shorter than about 25 characters.
 * Only MediaWiki's wrappers: lifting every heading alone in a `<div>` moved 49 of the 599 web-kinds
 * pages both ways (Readability and the main region weigh those wrappers).
 */
export function liftWrappedHeadings(document: Document): void {
  for (const edit of document.querySelectorAll(EDIT_LINKS)) edit.remove();
  for (const wrapper of document.querySelectorAll(HEADING_WRAPPERS)) {
    const heading = wrapper.firstElementChild;
    if (wrapper.children.length !== 1 || heading === null || !/^h[1-6]$/.test(heading.localName)) continue;
    wrapper.replaceWith(heading);
  }
}
