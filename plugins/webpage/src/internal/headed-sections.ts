import { nodesUnder } from './dom-walk.js';
import { hasNonSpaceText } from './visible-text.js';
import { isHeadingTag } from './heading-tags.js';

/** A headed section with more of its text in links than this share is a menu, not a section. */
const SECTION_LINK_DENSITY = 0.25;

/** Elements that hold a page's chrome, never a section of its document body. */
const CHROME = new Set(['nav', 'aside', 'footer', 'header', 'form', 'menu']);

/** Where a child of a container of headed sections stood before Readability moved it. */
interface Place {
  container: Element;
  /** Its index among the container's children. */
  index: number;
}

/**
 * The headed sections of a page, noted before Readability moves its pick out of the page: a
 * section is an element whose first child element is a heading (a `<div>` or `<section>` opening
 * with its `<h2>`), with its container and its place among the container's children. Keyed on the
 * page's elements: a page Readability rebuilds (a second attempt) is noted again.
 */
export interface HeadedSections {
  /** Every headed section. */
  sections: WeakSet<Element>;
  /** The place of every child of a container of headed sections. */
  placeOf: WeakMap<Element, Place>;
}

/** Notes the page's headed sections ({@link HeadedSections}) before Readability reads it. */
export function noteHeadedSections(root: Document | Element): HeadedSections {
  const sections = new WeakSet<Element>();
  const placeOf = new WeakMap<Element, Place>();
  // One walk over every element (into a `<template>` as `getElementsByTagName` goes in linkedom),
  // not one `getElementsByTagName` a heading level: each of those walked the whole page. The order
  // the headings are met in changes nothing: a child's place is its container's and its index.
  for (const node of nodesUnder(root, 'elements', () => false)) {
    const heading = node as Element;
    if (!isHeadingTag(heading)) continue;
    const section = heading.parentElement;
    const container = section?.parentElement;
    if (section === null || container === null || container === undefined) continue;
    if (section.firstElementChild !== heading) continue;
    sections.add(section);
    if (placeOf.has(section)) continue;
    Array.from(container.children).forEach((child, index) => placeOf.set(child, { container, index }));
  }
  return { sections, placeOf };
}

/**
 * Takes into Readability's article (`article`, the elements it picked, before its clean-up) the
 * headed sections it left in the container of a headed section it took: the other sections of the
 * same document body. Readability keeps a sibling of its pick when it scores well or shares the
 * pick's class, and leaves a reference page's "Synopsis" (a heading over a code block) or its
 * summary above the first section it scores. A section is taken when it is of the same element as
 * the one picked (a `<div>` beside a `<div>`), is not chrome (a `<nav>`, `<aside>`, `<footer>`,
 * `<header>` or `<form>`), holds text, and less than a quarter of that text is in links (a headed
 * list of links is a menu). Each goes to its place among the container's children taken. Returns
 * how many were taken.
 */
export function takeSiblingSections(
  article: Element,
  notes: HeadedSections,
  linkDensity: (element: Element) => number,
): number {
  const containers = new Map<Element, Set<string>>();
  for (const child of Array.from(article.children)) {
    const container = notes.sections.has(child) ? notes.placeOf.get(child)?.container : undefined;
    if (container === undefined || !container.isConnected) continue;
    const names = containers.get(container) ?? new Set<string>();
    names.add(child.localName.toLowerCase());
    containers.set(container, names);
  }
  let taken = 0;
  for (const [container, names] of containers) {
    for (const sibling of Array.from(container.children)) {
      const place = notes.placeOf.get(sibling);
      if (place?.container !== container || !notes.sections.has(sibling)) continue;
      const name = sibling.localName.toLowerCase();
      if (!names.has(name) || CHROME.has(name) || !hasNonSpaceText(sibling)) continue;
      if (linkDensity(sibling) >= SECTION_LINK_DENSITY) continue;
      const after = Array.from(article.children).find((child) => {
        const placeOfChild = notes.placeOf.get(child);
        return placeOfChild?.container === container && placeOfChild.index > place.index;
      });
      article.insertBefore(sibling, after ?? null);
      taken++;
    }
  }
  return taken;
}
