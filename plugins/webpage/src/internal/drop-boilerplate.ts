import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import { BOILERPLATE_TAGS, isBoilerplateLine, readableAlt, wordsOf } from './boilerplate-patterns.js';
import { BOILERPLATE_MARK } from './mark-named-boilerplate.js';
import { isBoilerplateTable } from './boilerplate-tables.js';
import { dropLooseLines } from './loose-lines.js';
import { dropHighlights } from './highlights.js';
import {
  dropThumbnailAlt,
  isItemLine,
  isItemStamp,
  isItemTitle,
  isTitleLine,
  repeatedShapes,
  titleLineShapes,
} from './item-lines.js';
import { LISTED_ITEMS_MARK } from './listed-items.js';
import { findTeaserCards } from './teaser-cards.js';
import { countWordCharacters } from './word-characters.js';

/**
 * A named block (class, id, itemprop, role, tag) is dropped only when it holds at most this share
 * of the article's text: a template that names the article's own wrapper `post-meta` keeps it.
 */
const MAX_NAMED_SHARE = 0.5;
/** A list whose text is at least this share link text, in short items, is a list of links. */
const LINK_LIST_DENSITY = 0.6;
const LINK_LIST_ITEM_WORDS = 15;
/** A block of at least this many `<br>`-separated lines can be a list of links. */
const MIN_LINK_LINES = 3;
/** A short block (up to this many words) that is nearly all link text is a promo or "Read more". */
const LINK_LINE_WORDS = 25;
const LINK_LINE_DENSITY = 0.8;

/** Blocks whose whole text is checked for boilerplate wording once their children are cleaned. */
const LINE_BLOCKS = new Set([
  'p',
  'div',
  'li',
  'dd',
  'dt',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'header',
]);
/** Elements that start a block of their own (a block containing one is not a single line). */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'dl',
  'dd',
  'dt',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'nav',
  'table',
  'blockquote',
  'pre',
  'figure',
  'br',
  'hr',
  'main',
]);

/** Text size of a subtree: word characters, and those inside links. */
interface Size {
  words: number;
  linkWords: number;
  /** Word characters of the items set aside under it (not in `words`). */
  itemWords: number;
}

/**
 * The item rules (teaser cards, lists and lines of links, linked headings) are the article's own
 * content when they would remove more than this share of its words: Readability (or the main
 * region) chose a page of items (an index, a category, a catalogue), not an article with a few
 * link boxes around it.
 */
const MAX_ITEMS_SHARE = 0.5;

/**
 * Removes what is not article text from Readability's article (issue 16): captions and credits,
 * bylines and date stamps (they are metadata), tag lists, share bars, related links and teasers,
 * comments, newsletter boxes and ad labels, found by their class/id/itemprop/role names (marked
 * before Readability ran: {@link BOILERPLATE_MARK}), their wording, and link density; and keeps an
 * image's alt text only when it reads like words. Teasers and link lists are kept when they are
 * most of the article ({@link MAX_ITEMS_SHARE}) or the source is a page of items (`keepItems`),
 * and always under {@link LISTED_ITEMS_MARK} (a listing's entries added beside Readability's part,
 * whose own teasers and link lists are judged as an article's). Never adds anything back.
 */
export function dropBoilerplate(tree: HastRoot, options: { keepItems?: boolean } = {}): void {
  const total = sizeOf(tree.children).words;
  if (total === 0) return;
  dropHighlights(tree);
  // On a page of items (a listing, a collection), its cards and linked headings are its content.
  const keepItems = options.keepItems === true;
  const rules: CleanRules = {
    keepItems,
    items: keepItems ? new Set() : findTeaserCards(tree, LISTED_ITEMS_MARK),
    itemWords: 0,
    repeatedShapes: repeatedShapes(tree),
    titleShapes: keepItems ? titleLineShapes(tree) : new Set(),
  };
  const kept = clean(tree.children, total, false, rules).words;
  // Items are set aside during the pass: whether they are most of the article is known only after.
  const itemsPage = keepItems || rules.itemWords > MAX_ITEMS_SHARE * (kept + rules.itemWords);
  if (!itemsPage && rules.items.size > 0) removeElements(tree, rules.items);
  if (itemsPage) dropThumbnailAlt(tree.children, false, rules.repeatedShapes);
  dropRepeatedAlt(tree);
}

/** How {@link clean} runs: whether items are kept, and the items it set aside with their size. */
interface CleanRules {
  keepItems: boolean;
  /** Teaser cards, link lists and lines, linked headings: dropped after the pass, or kept. */
  items: Set<Element>;
  /** Word characters of {@link CleanRules.items}. */
  itemWords: number;
  /** The shapes of the blocks the article repeats ({@link repeatedShapes}). */
  repeatedShapes: Set<string>;
  /** On a page of items, the shapes of its items' linked titles ({@link titleLineShapes}). */
  titleShapes: Set<string>;
}

function removeElements(parent: { children: (HastContent | ElementContent)[] }, dropped: Set<Element>): void {
  parent.children = parent.children.filter((child) => child.type !== 'element' || !dropped.has(child));
  for (const child of parent.children) if (child.type === 'element') removeElements(child, dropped);
}

/** Slide and gallery counters before an alt text: `1 - `, `3: `. */
const ALT_COUNTER = /^\s*\d+\s*[-–—:.|]\s*/;

/** Clears alt text that repeats the article's own text (the slide's heading, the caption kept). */
function dropRepeatedAlt(tree: HastRoot): void {
  const text = normalize(tree.children.map((child) => textOf(child)).join(' '));
  const visit = (nodes: readonly (HastContent | ElementContent)[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const { alt } = node.properties;
      if (node.tagName === 'img' && typeof alt === 'string' && alt !== '') {
        const repeated = normalize(alt.replace(ALT_COUNTER, ''));
        if (repeated !== '' && text.includes(repeated)) node.properties['alt'] = '';
      }
      visit(node.children);
    }
  };
  visit(tree.children);
}

function normalize(text: string): string {
  return wordsOf(text).join(' ');
}

function clean(children: HastContent[], total: number, inLink: boolean, rules: CleanRules): Size {
  const size: Size = { words: 0, linkWords: 0, itemWords: 0 };
  let index = 0;
  while (index < children.length) {
    const child = children[index];
    if (child === undefined) break;
    if (child.type === 'text') {
      const words = countWordCharacters(child.value);
      size.words += words;
      if (inLink) size.linkWords += words;
    } else if (child.type === 'element') {
      if (child.tagName === LISTED_ITEMS_MARK) {
        const own = cleanListedItems(child, total, inLink, rules);
        children.splice(index, 1, ...(child.children as HastContent[]));
        index += child.children.length;
        size.words += own.words;
        size.linkWords += own.linkWords;
        continue;
      }
      if (child.tagName === 'img') cleanAlt(child);
      if (LINE_BLOCKS.has(child.tagName)) {
        dropBoilerplateLines(child);
        dropLooseLines(child, BLOCK_TAGS);
      }
      const own = clean(child.children, total, inLink || child.tagName === 'a', rules);
      const verdict = rules.items.has(child)
        ? 'item'
        : boilerplateVerdict(child, own, {
            total,
            previous: previousElement(children, index),
            keepItems: rules.keepItems,
            inLink,
            repeatedShapes: rules.repeatedShapes,
            titleShapes: rules.titleShapes,
          });
      if (verdict === 'drop') {
        // Its items go with it, whatever is decided about items.
        rules.itemWords -= own.itemWords;
        children.splice(index, 1);
        continue;
      }
      if (verdict === 'item') {
        // Set aside: not counted in its parent's size, as if dropped (see dropBoilerplate).
        rules.items.add(child);
        rules.itemWords += own.words;
        size.itemWords += own.words + own.itemWords;
        index += 1;
        continue;
      }
      size.itemWords += own.itemWords;
      if (child.tagName === BOILERPLATE_MARK) {
        // Too large to be boilerplate: the article's own wrapper. Keep its content in its place.
        children.splice(index, 1, ...(child.children as HastContent[]));
        index += child.children.length;
        size.words += own.words;
        size.linkWords += own.linkWords;
        continue;
      }
      size.words += own.words;
      size.linkWords += own.linkWords;
    }
    index += 1;
  }
  return size;
}

/** A listing's added entries, cleaned as a page of items: their cards and linked titles are kept. */
function cleanListedItems(block: Element, total: number, inLink: boolean, rules: CleanRules): Size {
  const own = clean(block.children, total, inLink, {
    ...rules,
    keepItems: true,
    items: new Set(),
    itemWords: 0,
    titleShapes: titleLineShapes({ type: 'root', children: block.children }),
  });
  dropThumbnailAlt(block.children, false, rules.repeatedShapes);
  return own;
}

/**
 * Drops the boilerplate lines of a block whose lines are separated by `<br>` (`Written by …<br>
 * Copyright: …`): each line is judged on its own, as when it has a block of its own.
 */
function dropBoilerplateLines(block: Element): void {
  if (!block.children.some((child) => child.type === 'element' && child.tagName === 'br')) return;
  const kept: ElementContent[] = [];
  let line: ElementContent[] = [];
  const flush = (breakNode: ElementContent | undefined) => {
    const text = line.map((node) => textOf(node)).join('');
    const inline = line.every((node) => node.type !== 'element' || !BLOCK_TAGS.has(node.tagName));
    const dropped = inline && wordsOf(text).length > 0 && isBoilerplateLine(text);
    if (!dropped) kept.push(...line, ...(breakNode === undefined ? [] : [breakNode]));
    line = [];
  };
  for (const child of block.children) {
    if (child.type === 'element' && child.tagName === 'br') flush(child);
    else line.push(child);
  }
  flush(undefined);
  block.children = kept;
}

/**
 * `drop` for boilerplate, `item` for what may be a page's items (a list or lines of links, a short
 * linked block), dropped unless `keepItems`; `keep` for the article's text.
 */
function boilerplateVerdict(
  element: Element,
  size: Size,
  { total, previous, keepItems, inLink, repeatedShapes: shapes, titleShapes }: VerdictContext,
): 'drop' | 'item' | 'keep' {
  const named = element.tagName === BOILERPLATE_MARK || BOILERPLATE_TAGS.has(element.tagName);
  // Judged with its items, as when they are kept: a page's list of items inside a block named
  // `related` is that block's content.
  if (named && size.words + size.itemWords <= total * MAX_NAMED_SHARE) return 'drop';
  if (isMenu(element, size)) return 'drop';
  if (element.tagName === 'table' && isBoilerplateTable(element)) return 'drop';
  if (size.words === 0) return 'keep';
  const item = keepItems ? 'keep' : 'item';
  if ((element.tagName === 'ul' || element.tagName === 'ol') && isLinkList(element, size)) {
    return introducesReferences(previous) ? 'keep' : item;
  }
  if (!LINE_BLOCKS.has(element.tagName)) return 'keep';
  if (isLinkLines(element, size, total)) return item;
  if (hasBlockChild(element)) return 'keep';
  const text = textOf(element);
  // A card's byline or date on a page of items is the item's, as its linked title is.
  if (isScriptData(text)) return 'drop';
  if (isBoilerplateLine(text)) return isItemStamp(element, text, shapes) ? item : 'drop';
  // A list item is judged with its list (isLinkList), not on its own.
  if (!isBlock(element) || element.tagName === 'li') return 'keep';
  if (size.words > total * MAX_NAMED_SHARE || hasImage(element)) return 'keep';
  const linkLine =
    wordsOf(text).length <= LINK_LINE_WORDS && size.linkWords >= size.words * LINK_LINE_DENSITY;
  // A definition's term is the definition's, linked or not (a reference page's `<dt><a><code>`).
  if (!linkLine || element.tagName === 'dt') return 'keep';
  // On a page of items, a linked heading is an item's name, and so is a linked line every card
  // names its title (`<p class="card-title"><a>Name</a></p>`, {@link isItemTitle}); a block inside a
  // link is a line of a card the link wraps whole (`<a><h3>Name</h3><p>Company</p><p>$90,000</p></a>`),
  // and a line of links every item of a page of items repeats is the item's ({@link isItemLine}).
  const itemName =
    /^h[1-6]$/.test(element.tagName) || isItemTitle(element, shapes) || isTitleLine(element, titleShapes);
  return itemName || inLink || (keepItems && isItemLine(element, shapes)) ? item : 'drop';
}

/** Where {@link boilerplateVerdict} judges an element. */
interface VerdictContext {
  /** Word characters of the whole article. */
  total: number;
  /** The element's previous sibling element (a heading that introduces it). */
  previous: Element | undefined;
  keepItems: boolean;
  /** The element stands inside a link. */
  inLink: boolean;
  /** The shapes of the blocks the article repeats ({@link repeatedShapes}). */
  repeatedShapes: ReadonlySet<string>;
  /** On a page of items, the shapes of its items' linked titles ({@link titleLineShapes}). */
  titleShapes: ReadonlySet<string>;
}

/** A menu's text is at least this share link text. */
const MENU_LINK_DENSITY = 0.8;

/**
 * A site's menu, whatever its size: a `<nav>` (or `role=navigation`) that is nearly all links. A
 * shop's mega-menu can outweigh the category it heads, and Readability's article then takes it in.
 */
function isMenu(element: Element, size: Size): boolean {
  const role = element.properties['role'];
  if (element.tagName !== 'nav' && role !== 'navigation') return false;
  // Its lists of links are set aside as items (not counted in `words`): they are links too.
  const words = size.words + size.itemWords;
  return words > 0 && size.linkWords + size.itemWords >= MENU_LINK_DENSITY * words;
}

/** A JSON object printed as text: `{ "js_modules": [{"name": …}], "assetid": "2162867", … }`. */
const SCRIPT_DATA = /^\s*\{\s*"[\w$.-]+"\s*:[\s\S]*\}\s*$/;

/**
 * A page's script configuration that the template left in a text block (not in `<pre>` or
 * `<code>`, where an article shows its own JSON).
 */
function isScriptData(text: string): boolean {
  return SCRIPT_DATA.test(text);
}

/** A heading that introduces the article's own list of references, whose items are links. */
const REFERENCES_HEADING = /^(?:references|sources|notes|bibliography|further reading|links|citations)$/i;

function introducesReferences(previous: Element | undefined): boolean {
  return (
    previous !== undefined &&
    /^h[1-6]$/.test(previous.tagName) &&
    REFERENCES_HEADING.test(textOf(previous).trim())
  );
}

function previousElement(children: readonly HastContent[], index: number): Element | undefined {
  for (let at = index - 1; at >= 0; at -= 1) {
    const node = children[at];
    if (node?.type === 'element') return node;
    if (node?.type === 'text' && node.value.trim() !== '') return undefined;
  }
  return undefined;
}

/** A list of short items that are mostly links: related stories, "More from …", topic lists. */
function isLinkList(list: Element, size: Size): boolean {
  const items = list.children.filter((child) => child.type === 'element' && child.tagName === 'li');
  if (items.length === 0 || size.linkWords < size.words * LINK_LIST_DENSITY) return false;
  const words = wordsOf(textOf(list)).length;
  return words / items.length <= LINK_LIST_ITEM_WORDS;
}

/** A block of link lines separated by `<br>` (`[Headline](…) May 31, 2013<br>[Headline](…)`): a link list without `<ul>`. */
function isLinkLines(element: Element, size: Size, total: number): boolean {
  if (size.words > total * MAX_NAMED_SHARE || size.linkWords < size.words * LINK_LIST_DENSITY) return false;
  const lines =
    element.children.filter((child) => child.type === 'element' && child.tagName === 'br').length + 1;
  if (lines < MIN_LINK_LINES) return false;
  return wordsOf(textOf(element)).length / lines <= LINK_LIST_ITEM_WORDS;
}

function isBlock(element: Element): boolean {
  return BLOCK_TAGS.has(element.tagName);
}

function hasImage(element: Element): boolean {
  return element.children.some(
    (child) => child.type === 'element' && (child.tagName === 'img' || hasImage(child)),
  );
}

function hasBlockChild(element: Element): boolean {
  return element.children.some(
    (child) => child.type === 'element' && (BLOCK_TAGS.has(child.tagName) || hasBlockChild(child)),
  );
}

function cleanAlt(image: Element): void {
  const { alt } = image.properties;
  if (typeof alt === 'string') image.properties['alt'] = readableAlt(alt);
  delete image.properties['title'];
}

function sizeOf(children: readonly (HastContent | ElementContent)[]): Size {
  let words = 0;
  for (const child of children) {
    if (child.type === 'text') words += countWordCharacters(child.value);
    else if (child.type === 'element') words += sizeOf(child.children).words;
  }
  return { words, linkWords: 0, itemWords: 0 };
}

function textOf(node: HastContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  if (node.tagName === 'br') return ' ';
  return node.children.map((child) => textOf(child)).join('');
}
