import { hasNonSpaceText } from './visible-text.js';

/** A headed section with more of its text in links than this share is a menu, not a section. */
const SECTION_LINK_DENSITY = 0.25;

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
/** Elements that hold a page's chrome, never a section of its document body. */
const CHROME = new Set(['nav', 'aside', 'footer', 'header', 'form', 'menu']);

/**
 * The headed sections of a page, noted before Readability moves its pick out of the page: a
 * section is an element whose first child element is a heading (a `<div>` or `<section>` opening
 * with its `<h2>`), with its container and its place among the container's children.
 */
export interface HeadedSections {
  /** Each headed section's container. */
  containerOf: WeakMap<Element, Element>;
  /** The place in document order of every child of a container of headed sections. */
  placeOf: WeakMap<Element, number>;
}

/** Notes the page's headed sections ({@link HeadedSections}) before Readability reads it. */
export function noteHeadedSections(root: Document | Element): HeadedSections {
  const containerOf = new WeakMap<Element, Element>();
  const placeOf = new WeakMap<Element, number>();
  let place = 0;
  for (const tag of HEADINGS) {
    for (const heading of Array.from(root.getElementsByTagName(tag))) {
      const section = heading.parentElement;
      const container = section?.parentElement;
      if (section === null || container === null || container === undefined) continue;
      if (section.firstElementChild !== heading || containerOf.has(section)) continue;
      containerOf.set(section, container);
      if (placeOf.has(section)) continue;
      for (const child of Array.from(container.children)) placeOf.set(child, place++);
    }
  }
  return { containerOf, placeOf };
}

/**
 * Takes into Readability's article (`article`, the elements it picked, before its clean-up) the
 * headed sections it left in the container of a headed section it took: the other sections of the
 * same document body. Readability keeps a sibling of its pick when it scores well or shares the
 * pick's class, and leaves a reference page's "Synopsis" (a heading over a code block) or its
 * summary above the first section it scores. A section is taken when it is of the same element as
 * the one picked (a `<div>` beside a `<div>`), is not chrome (a `<nav>`, `<aside>`, `<footer>`,
 * `<header>` or `<form>`), holds text, and less than a quarter of that text is in links (a headed
 * list of links is a menu). Each goes to its place in the page's order. Returns how many were taken.
 */
export function takeSiblingSections(
  article: Element,
  sections: HeadedSections,
  linkDensity: (element: Element) => number,
): number {
  const picked = Array.from(article.children);
  const containers = new Map<Element, Set<string>>();
  for (const child of picked) {
    const container = sections.containerOf.get(child);
    if (container === undefined || !container.isConnected) continue;
    const names = containers.get(container) ?? new Set<string>();
    names.add(child.localName.toLowerCase());
    containers.set(container, names);
  }
  let taken = 0;
  for (const [container, names] of containers) {
    for (const sibling of Array.from(container.children)) {
      if (sections.containerOf.get(sibling) !== container) continue;
      const name = sibling.localName.toLowerCase();
      if (!names.has(name) || CHROME.has(name) || !hasNonSpaceText(sibling)) continue;
      if (linkDensity(sibling) >= SECTION_LINK_DENSITY) continue;
      const place = sections.placeOf.get(sibling) ?? Infinity;
      const after = Array.from(article.children).find((child) => (sections.placeOf.get(child) ?? -1) > place);
      article.insertBefore(sibling, after ?? null);
      taken++;
    }
  }
  return taken;
}
