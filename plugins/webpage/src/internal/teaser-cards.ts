import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import { wordsIn } from './word-characters.js';

/** Siblings of one shape (tag and classes) that make a list of teasers: at least this many … */
const MIN_CARDS = 3;
/** … of which at least this share are cards … */
const CARD_SHARE = 0.8;
/** … each short: a headline, a picture, a sentence and a date. */
const MAX_CARD_WORDS = 60;
/** A list of teasers is dropped only when it holds at most this share of the article's words. */
const MAX_SHARE = 0.5;

/**
 * Finds lists of teasers to other pages that Readability kept with the article ("Part of complete
 * coverage on …", "More from …" without a heading that names them): three or more sibling blocks of
 * the same tag and classes, each short and each opening with a headline link on its own line or
 * holding a linked picture. Returns their members, outermost only; the caller drops them (or keeps
 * them when they are the page's items).
 * The article's own paragraphs are neither that short nor that regular, and a gallery's slides link
 * to nothing but their pictures. Not looked for under an element of the tag `outside` (a listing's
 * entries, kept as its items).
 */
export function findTeaserCards(tree: HastRoot, outside?: string): Set<Element> {
  const found = new Set<Element>();
  const total = wordsIn(tree.children);
  if (total === 0) return found;
  const visit = (parent: { children: (HastContent | ElementContent)[] }) => {
    const groups = new Map<string, Element[]>();
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      const signature = signatureOf(child);
      if (signature === undefined) continue;
      groups.set(signature, [...(groups.get(signature) ?? []), child]);
    }
    for (const members of groups.values()) {
      if (members.length < MIN_CARDS) continue;
      const cards = members.filter(isCard);
      if (cards.length < members.length * CARD_SHARE) continue;
      if (wordsIn(members) > total * MAX_SHARE) continue;
      for (const member of members) found.add(member);
    }
    for (const child of parent.children) {
      if (child.type === 'element' && !found.has(child) && child.tagName !== outside) visit(child);
    }
  };
  visit(tree);
  return found;
}

/** Tag and classes; undefined for elements that are never a card (inline, or without a class). */
function signatureOf(element: Element): string | undefined {
  const { className } = element.properties;
  if (!Array.isArray(className) || className.length === 0) return undefined;
  if (!['div', 'li', 'article', 'section', 'p'].includes(element.tagName)) return undefined;
  return `${element.tagName}.${className.map(String).sort().join('.')}`;
}

function isCard(element: Element): boolean {
  const words = wordsIn(element.children);
  if (words === 0 || words > MAX_CARD_WORDS) return false;
  return hasLinkedImage(element) || opensWithHeadline(element);
}

function hasLinkedImage(element: Element): boolean {
  return element.children.some(
    (child) =>
      child.type === 'element' &&
      ((child.tagName === 'a' && linksToPage(child) && contains(child, 'img')) || hasLinkedImage(child)),
  );
}

/** Elements that start a line of their own. */
const LINE_STARTS = new Set([
  'div',
  'p',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'br',
  'section',
]);

/**
 * The element opens with a headline: a link alone on its first line (`<h3><a>…</a></h3>`,
 * `<div><a>…</a></div>`, or a link followed by a line break or a block), not a paragraph that
 * starts with a link and reads on.
 */
function opensWithHeadline(element: Element): boolean {
  const children = element.children.filter(
    (child) => child.type !== 'text' || /[\p{L}\p{N}]/u.test(child.value),
  );
  const first = children.findIndex(
    (child) => child.type === 'text' || (child.type === 'element' && wordsIn([child]) > 0),
  );
  const head = children[first];
  if (head === undefined || head.type !== 'element') return false;
  if (head.tagName === 'a') {
    const next = children[first + 1];
    return (
      typeof head.properties['href'] === 'string' &&
      (next === undefined || (next.type === 'element' && LINE_STARTS.has(next.tagName)))
    );
  }
  return LINE_STARTS.has(head.tagName) && opensWithHeadline(head);
}

/** A link to another page (a picture's link to its own larger file is part of a gallery). */
export function linksToPage(link: Element): boolean {
  const { href } = link.properties;
  return typeof href === 'string' && !IMAGE_FILE.test(href);
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?)(?:[?#].*)?$/i;

function contains(element: Element, tagName: string): boolean {
  return element.children.some(
    (child) => child.type === 'element' && (child.tagName === tagName || contains(child, tagName)),
  );
}
