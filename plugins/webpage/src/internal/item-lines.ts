import { isStampLine, wordsOf } from './boilerplate-patterns.js';
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import { nameWords } from './element-names.js';
import { hastTextOf } from './hast-text.js';
import { linksToPage } from './teaser-cards.js';

// What tells the lines of a page's items from its chrome once the page is known to be a page of
// items (a listing, a collection): the shapes its items repeat, and their pictures.

/** An element's tag and classes: `dd.list-authors`, `dt`. */
function shapeOf(element: Element): string {
  const { className } = element.properties;
  return Array.isArray(className)
    ? [element.tagName, ...className.map(String).sort()].join('.')
    : element.tagName;
}

/** A line of an item's links has at least this many links. */
const MIN_ITEM_LINE_LINKS = 2;

/**
 * True when a line of links is a line every item of the page repeats (its authors, its links to
 * formats, its categories): its shape is one of `repeatedShapes` and it holds several links. A
 * line of one link repeated is a post's author or a footer's entry.
 */
export function isItemLine(line: Element, repeatedShapes: ReadonlySet<string>): boolean {
  return repeatedShapes.has(shapeOf(line)) && linksOf(line).length >= MIN_ITEM_LINE_LINKS;
}

/**
 * True when a line is an item's byline or date (`<div class="author-area--date">Dec 17, 2025</div>`,
 * {@link isStampLine}): a class the template gives it and the article repeats (one per card). An
 * article's own byline stands once.
 */
export function isItemStamp(line: Element, text: string, repeatedShapes: ReadonlySet<string>): boolean {
  return Array.isArray(line.properties.className) && repeatedShapes.has(shapeOf(line)) && isStampLine(text);
}

/** A class word naming an item's title: `card-title`, `product-name`, `productTitle`, `entry__headline`. */
const TITLE_WORDS = new Set(['title', 'name', 'headline', 'heading']);

/**
 * True when a line is an item's name: its shape is one the article repeats (one per card) and a
 * class word of it, or of the one link it holds, names a title (`card-title`, `product-name`;
 * `<div class="truncate"><a class="product-title">`: the theme styles the box and names the link).
 * A shop's cards name their product in a linked `<p>` or `<div>`, not a heading; a page's own title
 * stands once.
 */
export function isItemTitle(line: Element, repeatedShapes: ReadonlySet<string>): boolean {
  if (!repeatedShapes.has(shapeOf(line))) return false;
  const link = onlyLink(line);
  return namesTitle(line) || (link !== null && namesTitle(link));
}

function namesTitle(element: Element): boolean {
  const { className } = element.properties;
  if (!Array.isArray(className)) return false;
  return className.some((name) => nameWords(String(name)).some((word) => TITLE_WORDS.has(word)));
}

/** The line's link when it holds exactly one; null otherwise. */
function onlyLink(line: Element): Element | null {
  const links = linksOf(line);
  return links.length === 1 ? (links[0] ?? null) : null;
}

/** The links of an element, at any depth (not the links inside a link). */
function linksOf(element: Element): Element[] {
  const links: Element[] = [];
  for (const child of element.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'a') links.push(child);
    else links.push(...linksOf(child));
  }
  return links;
}

/** A block whose shape (tag and classes) occurs at least this often is a line of every item. */
const MIN_SHAPE_REPEATS = 5;

/** Lines of one shape that name items open in at least this many different ways… */
const MIN_TITLE_OPENINGS = 3;
/** …no opening on more than this share of them (or on more than two: a card shown twice)… */
const MAX_OPENING_SHARE = 0.25;
/** …and names of this many words on average (letters only): a headline or a product, not a tag or a date. */
const MIN_TITLE_WORDS = 3;
/** The words of a name that tell how it opens: "learn more" of "Learn more about Unity". */
const OPENING_WORDS = 2;

/**
 * The shapes (tag and classes) of the lines that are wholly one link, occur five times or more and
 * name something different on each card: a page of items naming each item by its linked title in
 * a line the template styles but does not name a title (`<div class="_1xwtict9"><a>The Corvette
 * ZR1X…</a></div>`, hashed class names). A call to action every card repeats says the same, or opens
 * the same ("Read more", "Add to cart", "Learn more about Unity", "Learn more about WinUI"), and stays
 * a link line; so do tags, names and dates linked to their pages (a word or two, or digits: a
 * post's permalink). A card the page shows twice (a layout for phones, one for desktops) names its
 * item twice, and still counts.
 */
export function titleLineShapes(tree: HastRoot): Set<string> {
  const names = new Map<string, string[][]>();
  const visit = (nodes: readonly (HastContent | ElementContent)[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const name = linkedName(node);
      if (name !== null) {
        const shape = shapeOf(node);
        names.set(shape, [...(names.get(shape) ?? []), name]);
      }
      visit(node.children);
    }
  };
  visit(tree.children);
  const shapes = new Set<string>();
  for (const [shape, lines] of names) {
    if (lines.length >= MIN_SHAPE_REPEATS && namesItems(lines)) shapes.add(shape);
  }
  return shapes;
}

/** True when the names of one shape's lines open in varied ways and are long enough to be titles. */
function namesItems(names: readonly string[][]): boolean {
  const openings = new Map<string, number>();
  let letterWords = 0;
  for (const words of names) {
    const opening = words.slice(0, OPENING_WORDS).join(' ');
    openings.set(opening, (openings.get(opening) ?? 0) + 1);
    letterWords += words.filter((word) => LETTERS.test(word)).length;
  }
  const most = Math.max(...openings.values());
  return (
    openings.size >= MIN_TITLE_OPENINGS &&
    most <= Math.max(2, MAX_OPENING_SHARE * names.length) &&
    letterWords >= MIN_TITLE_WORDS * names.length
  );
}

const LETTERS = /\p{L}/u;

/** True when a line is an item's linked title by its shape ({@link titleLineShapes}). */
export function isTitleLine(line: Element, titleShapes: ReadonlySet<string>): boolean {
  return titleShapes.has(shapeOf(line));
}

/** The words of a line with a class that is wholly one link (not a link itself), or null. */
function linkedName(line: Element): string[] | null {
  // A line the template styles, one per card; a bare `<p>` or `<div>` is any block's shape.
  if (line.tagName === 'a' || !Array.isArray(line.properties.className)) return null;
  const link = onlyLink(line);
  if (link === null) return null;
  const words = wordsOf(hastTextOf(line));
  const linked = wordsOf(hastTextOf(link));
  return words.length > 0 && words.join(' ') === linked.join(' ') ? words : null;
}

/**
 * The shapes (tag and classes) of the blocks that occur five times or more: on a page of items,
 * the lines every item has (its authors, its category, its links to formats), where a page's
 * chrome left in the region ("Share: Facebook X", "Sort by date") stands once.
 */
export function repeatedShapes(tree: HastRoot): Set<string> {
  const counts = new Map<string, number>();
  const visit = (nodes: readonly (HastContent | ElementContent)[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const shape = shapeOf(node);
      counts.set(shape, (counts.get(shape) ?? 0) + 1);
      visit(node.children);
    }
  };
  visit(tree.children);
  return new Set([...counts].filter(([, count]) => count >= MIN_SHAPE_REPEATS).map(([shape]) => shape));
}

/**
 * Clears the alt text of the pictures of a page of items (thumbnails): a linked picture, or one
 * whose shape every item repeats (`repeatedShapes`: a poster in each card, unlinked). Its alt text
 * names the item its card names already, or describes a photo no reader of the list looks for
 * (`Merrell Moab 3 Mid … 0`, `… 1`, one per slide of a card's carousel; `Karl Urban and Priyanka
 * Chopra Jonas in The Bluff (2026)` beside the card's title `The Bluff`).
 */
export function dropThumbnailAlt(
  nodes: readonly (HastContent | ElementContent)[],
  inLink: boolean,
  repeatedShapes: ReadonlySet<string>,
): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    if (node.tagName === 'img' && (inLink || repeatedShapes.has(shapeOf(node)))) node.properties['alt'] = '';
    dropThumbnailAlt(node.children, inLink || (node.tagName === 'a' && linksToPage(node)), repeatedShapes);
  }
}
