import type { Paragraph, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { lowerCaseWords } from './word-characters.js';

/** What a page's JSON-LD says of the product it sells (schema.org `Product`). */
export interface ProductFacts {
  name: string | undefined;
  description: string | undefined;
  /** `21.00 USD`: the first offer's price (or an aggregate offer's lowest) with its currency. */
  price: string | undefined;
}

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel']);
/** Nodes looked at per page at most: a catalogue's JSON-LD can list thousands of offers. */
const MAX_NODES = 2_000;

/**
 * The first schema.org `Product` in a page's JSON-LD scripts (inside `@graph`, arrays or another
 * node too), or undefined. Scripts that are not valid JSON are skipped.
 */
export function readJsonLdProduct(scripts: readonly string[]): ProductFacts | undefined {
  for (const script of scripts) {
    let data: unknown;
    try {
      data = JSON.parse(script);
    } catch {
      continue;
    }
    const product = findProduct(data);
    if (product !== undefined) {
      return {
        name: plainText(product['name']),
        description: plainText(product['description']),
        price: priceOf(product['offers']),
      };
    }
  }
  return undefined;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function findProduct(data: unknown): JsonObject | undefined {
  const queue: unknown[] = [data];
  for (let index = 0; index < queue.length && index < MAX_NODES; index += 1) {
    const node = queue[index];
    if (Array.isArray(node)) {
      // One by one, up to the bound: spreading a catalogue's array of many thousand offers at once
      // overflows the call stack.
      for (const item of node as unknown[]) {
        if (queue.length >= MAX_NODES) break;
        queue.push(item);
      }
      continue;
    }
    if (!isObject(node)) continue;
    const type = node['@type'];
    const types = Array.isArray(type) ? type : [type];
    if (types.some((name) => typeof name === 'string' && PRODUCT_TYPES.has(name))) return node;
    for (const value of Object.values(node)) {
      if (queue.length >= MAX_NODES) break;
      if (typeof value === 'object' && value !== null) queue.push(value);
    }
  }
  return undefined;
}

const TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const ENTITY = /&(#x[\da-f]+|#\d+|[a-z]+);/gi;

/** A JSON-LD text value as plain text: tags dropped, character references read, spaces collapsed. */
function plainText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = percentDecoded(value)
    .replace(/<\/(?:p|div|li|h[1-6])>|<br\s*\/?>/gi, '\n')
    .replace(TAG, ' ')
    .replace(ENTITY, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return safeCodePoint(Number.parseInt(name.slice(2), 16), whole);
      if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10), whole);
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return text === '' ? undefined : text;
}

/**
 * A text a template wrote percent-encoded, as in an address (`An%20elegant%20sofa%7CThe…`), decoded:
 * a text with no space and at least two `%20`. Any other text is left as written (a `50%` stays).
 */
function percentDecoded(value: string): string {
  if (/\s/.test(value) || (value.match(/%20/g) ?? []).length < 2) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(/%20/g, ' ');
  }
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

function priceOf(offers: unknown): string | undefined {
  const offer = Array.isArray(offers) ? (offers as unknown[]).find(isObject) : offers;
  if (!isObject(offer)) return undefined;
  const price = offer['price'] ?? offer['lowPrice'];
  if (typeof price !== 'string' && typeof price !== 'number') return undefined;
  const currency = typeof offer['priceCurrency'] === 'string' ? ` ${offer['priceCurrency']}` : '';
  return `${String(price)}${currency}`;
}

/** A product description shorter than this (words) is not worth adding. */
const MIN_DESCRIPTION_WORDS = 8;
/** The description is missing when the markdown holds under this share of its words. */
const MISSING_SHARE = 0.5;

/**
 * Adds a product's JSON-LD description (and its price) to the end of a converted page when the
 * page's visible content as read lacks it: a shop that renders its description with scripts, or
 * one whose description Readability or the main region left out, still gives its product's words.
 * Nothing is added when the markdown already holds half of the description's words.
 */
export function addMissingProduct(root: Root, product: ProductFacts | undefined): boolean {
  const description = product?.description;
  if (description === undefined) return false;
  const wanted = lowerCaseWords(description);
  if (wanted.length < MIN_DESCRIPTION_WORDS) return false;
  const present = new Set(lowerCaseWords(toString(root)));
  const found = wanted.filter((word) => present.has(word)).length;
  if (found >= MISSING_SHARE * wanted.length) return false;
  const paragraphs: Paragraph[] = description
    .split('\n')
    .map((line) => ({ type: 'paragraph', children: [{ type: 'text', value: line }] }));
  if (product?.price !== undefined && !present.has(lowerCaseWords(product.price)[0] ?? '')) {
    paragraphs.push({ type: 'paragraph', children: [{ type: 'text', value: `Price: ${product.price}` }] });
  }
  root.children.push(...paragraphs);
  return true;
}
