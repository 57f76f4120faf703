import type { Element as HastElement, ElementContent } from 'hast';
import { hastTextOf } from './hast-text.js';

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** A permalink's mark: `¶` (Sphinx), `#`, `§`, `🔗`, `⚓`, or nothing readable (an icon, a zero-width space). */
const MARK_ONLY = /^(?:[\s\u200b\u00b6#§⚓]|🔗|\ufe0e|\ufe0f)*$/u;

/**
 * Takes a heading's links to a place on the same page out of it (`href="#…"`): they are the
 * heading's permalink, not a link to read on. A mark alone (Sphinx's `¶` with "Link to this
 * heading", GitHub's and Docusaurus's icons) is dropped; a link around the heading's own words
 * (MDN's `<h2><a class="heading-anchor" href="#events">Events</a></h2>`) leaves its words. A
 * heading that is a link reads as a teaser's title, and a reference page's sections were dropped
 * as a page of teasers with their headings. Links elsewhere stay (`<h3><a href="/post">`).
 */
export function withoutPermalinks(heading: HastElement): void {
  if (!HEADINGS.has(heading.tagName)) return;
  heading.children = heading.children.flatMap((child): ElementContent[] => {
    if (child.type !== 'element' || child.tagName !== 'a' || !isInPageLink(child)) return [child];
    return MARK_ONLY.test(hastTextOf(child)) ? [] : child.children;
  });
}

/**
 * True for a link to a place on the same page whose text is only a permalink's mark: Sphinx puts
 * one (`¶`, "Link to this definition") after each signature of a reference page too, in its `<dt>`.
 */
export function isPermalinkMark(link: HastElement): boolean {
  return link.tagName === 'a' && isInPageLink(link) && MARK_ONLY.test(hastTextOf(link));
}

function isInPageLink(link: HastElement): boolean {
  const href = link.properties['href'];
  return typeof href === 'string' && href.trim().startsWith('#');
}

/**
 * A DOM heading's text without its permalink's mark (`Logging HOWTO¶` → `Logging HOWTO`), white
 * space collapsed: the page's headline as its title heading says it.
 */
export function headingText(heading: Element): string {
  let text = heading.textContent ?? '';
  for (const link of Array.from(heading.querySelectorAll('a[href^="#"]'))) {
    const mark = link.textContent ?? '';
    if (mark.trim() !== '' && MARK_ONLY.test(mark)) text = text.replace(mark, '');
  }
  return text.replace(/\s+/g, ' ').trim();
}
