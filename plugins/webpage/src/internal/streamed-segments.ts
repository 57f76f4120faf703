/**
 * React's streamed server rendering (Next.js and others) sends a page's slower parts after its
 * shell: each as a hidden `<div hidden id="S:1">` at the end of the body, with a script
 * (`$RC("B:1","S:1")`, `$RS("S:1","P:1")`) that moves it into its place, marked by an empty
 * `<template id="B:1">` (a boundary, with a loading fallback after it up to `<!--/$-->`) or
 * `<template id="P:1">` (a placeholder). A browser shows the page with every segment in place; a
 * reader without scripts sees the fallbacks and no content (a shop's product, description and
 * questions were all in such segments, hidden).
 */

/** A segment's id: `S:` and a hexadecimal number. */
const SEGMENT_ID = /^S:([0-9a-f]+)$/;
/** Cheap test on the markup before any walk: a hidden `<div>` whose id is a segment's. */
const SEGMENT_MARKUP = /<div hidden(?:="")? id="S:[0-9a-f]+"/;
const COMMENT_NODE = 8;

/**
 * Puts React's streamed segments where its scripts would put them: each `<div hidden id="S:n">`
 * replaces its boundary's template and loading fallback (`B:n`) or its placeholder (`P:n`). A
 * segment without a place stays as it is (hidden). Changes `document`; `html` is its markup, read
 * first so that a page without segments costs no walk.
 */
export function placeStreamedSegments(document: Document, html: string): void {
  if (!SEGMENT_MARKUP.test(html)) return;
  const segments = Array.from(document.querySelectorAll('div[hidden][id^="S:"]'));
  for (const segment of segments) {
    const number = SEGMENT_ID.exec(segment.id)?.[1];
    if (number === undefined) continue;
    const boundary = document.getElementById(`B:${number}`);
    const placeholder = boundary === null ? document.getElementById(`P:${number}`) : null;
    if (boundary !== null) completeBoundary(boundary, segment);
    else if (placeholder !== null) completeSegment(placeholder, segment);
  }
}

/**
 * As React's `$RC`: removes the boundary's template and its fallback, up to the comment `/$` that
 * closes the boundary (nested boundaries counted), and puts the segment's nodes there. Where no
 * closing comment follows the template in its parent (markup a parser put elsewhere), only the
 * template is replaced: what follows it is the page's, not a fallback to remove.
 */
function completeBoundary(template: Element, segment: Element): void {
  const parent = template.parentNode;
  if (parent === null) return;
  const close = boundaryClose(template);
  segment.remove();
  let node: ChildNode | null = template;
  const stop = close ?? template.nextSibling;
  while (node !== null && node !== stop) {
    const next: ChildNode | null = node.nextSibling;
    node.remove();
    node = next;
  }
  while (segment.firstChild !== null) parent.insertBefore(segment.firstChild, stop);
}

/** The comment `/$` that closes the boundary a template opens, among its following siblings, if any. */
function boundaryClose(template: Element): ChildNode | null {
  let depth = 0;
  for (let node = template.nextSibling; node !== null; node = node.nextSibling) {
    if (node.nodeType !== COMMENT_NODE) continue;
    const data = (node as Comment).data;
    if (data === '/$') {
      if (depth === 0) return node;
      depth -= 1;
    } else if (data === '$' || data === '$?' || data === '$!') {
      depth += 1;
    }
  }
  return null;
}

/** As React's `$RS`: the segment's nodes replace the placeholder. */
function completeSegment(placeholder: Element, segment: Element): void {
  const parent = placeholder.parentNode;
  if (parent === null) return;
  segment.remove();
  while (segment.firstChild !== null) parent.insertBefore(segment.firstChild, placeholder);
  placeholder.remove();
}
