import { isAttribution, isNamedBoilerplate, type ElementNames } from './boilerplate-patterns.js';

/**
 * The element that wraps a named boilerplate block through Readability. Readability rewrites a
 * `<div class="photo-caption">` as a bare `<p>` and the name is lost; the wrapper survives, and
 * the HTML → mdast step drops it (when it is small beside the article) or unwraps it.
 */
export const BOILERPLATE_MARK = 'transmute-boilerplate';

/**
 * Wraps, before Readability reads the page, every element whose tag, class, id, itemprop or role
 * names it as a caption, credit, byline, date, tag list, share bar, related box, comments,
 * newsletter box or ad in a {@link BOILERPLATE_MARK} element. Removes nothing: what Readability
 * picks is decided as before, and the article alone decides what is small enough to drop.
 */
export function markNamedBoilerplate(document: Document): void {
  const body = document.body as HTMLElement | null;
  if (body === null) return;
  const repeated = repeatedAttributions(body);
  visit(document, body, repeated);
}

/** Signatures (tag and classes) of attribution lines printed more than once: one per post. */
function repeatedAttributions(body: Element): Set<string> {
  const counts = new Map<string, number>();
  for (const element of Array.from(body.querySelectorAll('[class]'))) {
    if (!isAttribution(namesOf(element))) continue;
    const key = signatureOf(element);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count > 1).map(([key]) => key));
}

function signatureOf(element: Element): string {
  return `${element.localName}.${(element.getAttribute('class') ?? '').trim().split(/\s+/).sort().join('.')}`;
}

function visit(document: Document, parent: Element, repeated: ReadonlySet<string>): void {
  for (const child of Array.from(parent.children)) {
    visit(document, child, repeated);
    const names = namesOf(child);
    if (!isNamedBoilerplate(names)) continue;
    if (isAttribution(names) && repeated.has(signatureOf(child))) continue;
    const mark = document.createElement(BOILERPLATE_MARK);
    child.replaceWith(mark);
    mark.appendChild(child);
  }
}

function namesOf(element: Element): ElementNames {
  const split = (value: string | null) => (value ?? '').split(/\s+/).filter((name) => name !== '');
  return {
    tag: element.localName,
    names: [...split(element.getAttribute('class')), ...split(element.getAttribute('id'))],
    itemprops: split(element.getAttribute('itemprop')),
    role: element.getAttribute('role') ?? undefined,
  };
}
