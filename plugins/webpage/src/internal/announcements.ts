import { countPrices } from './catalogue.js';
import { nodesUnder } from './dom-walk.js';
import { isInvisible } from './visible-text.js';
import { lowerCaseWords } from './word-characters.js';

/**
 * A page's announcements: the live regions (`aria-live`, or a role that is one: `status`,
 * `alert`, `log`, `timer`, `marquee`) in which a script tells a screen reader what just happened
 * ("Added to", "Loading...", "Picture 1 of 4", "Unable to add item to List. Please try again.").
 */
const LIVE_ROLES = new Set(['status', 'alert', 'log', 'timer', 'marquee']);
/** An announcement says at most this many words: a live region holding more is a content's wrapper. */
const MAX_ANNOUNCEMENT_WORDS = 25;
/** Nodes looked at per live region at most: one holding more is no announcement, however few its words. */
const MAX_ANNOUNCEMENT_NODES = 200;
const TEXT_NODE = 3;

/**
 * Removes under `root` (a product page's body, which the caller owns) the announcements a page
 * keeps for screen readers: a live region of at most 25 words. A reader of a product page reads
 * the product, not the shop's notices of a cart, a carousel or a loading list (on the WCXB dev
 * product pages none of them is in a truth). Returns the number removed.
 */
export function dropAnnouncements(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('[aria-live], [role]'))) {
    if (!isLiveRegion(element) || !isShortAnnouncement(element)) continue;
    element.remove();
    removed += 1;
  }
  return removed;
}

function isLiveRegion(element: Element): boolean {
  const live = element.getAttribute('aria-live')?.trim().toLowerCase();
  if (live !== undefined && live !== '' && live !== 'off') return true;
  return LIVE_ROLES.has(element.getAttribute('role')?.trim().toLowerCase() ?? '');
}

/**
 * True when a live region says at most {@link MAX_ANNOUNCEMENT_WORDS} words within its first
 * {@link MAX_ANNOUNCEMENT_NODES} nodes, and no price: each region is looked at in bounded steps, so
 * regions nested in regions stay linear (one inside a removed one is counted and taken out of it
 * again). A theme that updates the price as options change makes the price itself a live region
 * (`<div role="status">$98.00</div>`): the product's price, kept.
 */
function isShortAnnouncement(element: Element): boolean {
  let words = 0;
  let nodes = 0;
  let text = '';
  for (const node of nodesUnder(element, 'elements and text', isInvisible)) {
    nodes += 1;
    if (nodes > MAX_ANNOUNCEMENT_NODES) return false;
    if (node.nodeType !== TEXT_NODE) continue;
    const data = (node as Text).data;
    words += lowerCaseWords(data).length;
    if (words > MAX_ANNOUNCEMENT_WORDS) return false;
    text += ` ${data}`;
  }
  return countPrices(text, 1) === 0;
}
