import { visibleTextOf } from './visible-text.js';

/** A price as shops print it: `$12.99`, `£88`, `1 299,00 €`, `EUR 355.58`, `49.95 USD`. */
const PRICE =
  /(?:[$£€¥₹₽₩₺₴]|лв|\b(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|INR)\s?)\s?\d[\d.,\u00a0 ]*\d?|\b\d[\d.,\u00a0 ]*\s?(?:€|zł|kr|лв|Kč|₽|(?:USD|EUR|GBP|CHF)\b)/g;
/** A page showing at least this many prices is a catalogue (a shop's category, a search of its items). */
const CATALOGUE_PRICES = 4;

/**
 * True when a region shows the prices of several items: a shop's category or catalogue page, whose
 * content is its grid of items (names, prices, short descriptions), not the one paragraph of prose
 * Readability finds among them.
 */
export function isCatalogue(region: Element): boolean {
  return countPrices(visibleTextOf(region), CATALOGUE_PRICES) >= CATALOGUE_PRICES;
}

/** A region showing at least this many prices shows a grid of items (two rows of four cards). */
const GRID_PRICES = 8;

/**
 * True when a region shows a grid of priced items (eight prices or more): a shop's category page,
 * beside which even a long text of its own is the category's introduction, not a service page's
 * one section among many. A service's pricing table shows a few packages' prices, not eight.
 */
export function showsPriceGrid(region: Element): boolean {
  return printsPriceGrid(visibleTextOf(region));
}

/** True when a text prints a grid's worth of prices ({@link showsPriceGrid}, for a text already read). */
export function printsPriceGrid(text: string): boolean {
  return countPrices(text, GRID_PRICES) >= GRID_PRICES;
}

/** The prices printed in a text, counted up to `atMost`. */
export function countPrices(text: string, atMost: number): number {
  let prices = 0;
  for (const _ of text.matchAll(PRICE)) {
    prices += 1;
    if (prices >= atMost) break;
  }
  return prices;
}
