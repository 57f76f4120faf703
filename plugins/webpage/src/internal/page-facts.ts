import { declaredKind, type DeclaredKind } from './declared-kind.js';
import { declaresThread } from './declared-thread.js';
import { nodesUnder } from './dom-walk.js';
import { headingText } from './heading-permalinks.js';
import { readJsonLdProduct, type ProductFacts } from './json-ld-product.js';
import { decodeLeftoverEntities } from './leftover-entities.js';
import { toAbsolute } from './prepare-hast.js';
import { productSign, type ProductSign } from './product-page.js';

/** Facts read from a page before Readability rewrites its DOM. */
export interface PageFacts {
  /** The URL relative links resolve against: `<base href>` resolved against the page URL. */
  baseUrl: string | undefined;
  title: string | undefined;
  /**
   * The page's own heading of its content: the first `<h1>` inside `<article>`, `<main>` or
   * `role=main`, else the page's `<h1>` when it has exactly one.
   */
  headline: string | undefined;
  description: string | undefined;
  /**
   * The longest of the page's descriptions (`<meta name="description">`, Open Graph, Twitter):
   * what a page drawn wholly by scripts converts to. A forum gives its crawlers' cards twice the
   * opening post that its plain description gives.
   */
  fullDescription: string | undefined;
  siteName: string | undefined;
  author: string | undefined;
  publishedTime: string | undefined;
  language: string | undefined;
  direction: string | undefined;
  /** The product of the page's JSON-LD (schema.org `Product`), when it has one. */
  product: ProductFacts | undefined;
  /** What the page says it is ({@link declaredKind}): `og:type`, JSON-LD or microdata. */
  declaredKind: DeclaredKind | undefined;
  /** What says the page sells one product ({@link productSign}); none when it sells none. */
  productSign: ProductSign | undefined;
  /** The page's structured data says it is a thread or a Q&A page ({@link declaresThread}). */
  declaresThread: boolean;
}

/**
 * Reads the base URL, language, direction and meta tags of a parsed page. Its elements are found
 * in one walk, not by selectors: linkedom matches a selector against every element of the page
 * through css-select, which cost ten times as much.
 */
export function readPageFacts(document: Document, pageUrl: string | undefined): PageFacts {
  const found = findFactElements(document);
  const baseHref = found.base?.getAttribute('href')?.trim();
  const baseUrl = baseHref ? absoluteBase(baseHref, pageUrl) : pageUrl;
  const root = document.documentElement as Element | null;
  const metas = readMetas(found.metas);
  const meta = (names: readonly string[]) => firstMeta(metas, names);
  const jsonLd = found.jsonLd.map((script) => script.textContent ?? '');
  const product = readJsonLdProduct(jsonLd);
  const ogType = meta(['og:type']);
  return {
    baseUrl,
    title: meta(['og:title', 'twitter:title']) ?? text(found.title),
    headline: headline(found.headings),
    description: meta(['description', 'og:description', 'twitter:description']),
    fullDescription: longestMeta(metas, ['description', 'og:description', 'twitter:description']),
    siteName: meta(['og:site_name', 'application-name']),
    author: meta(['author', 'article:author', 'dc.creator']),
    publishedTime: meta(['article:published_time', 'datePublished', 'dc.date', 'date']),
    language: toLanguageTag(
      root?.getAttribute('lang') ??
        root?.getAttribute('xml:lang') ??
        metaHttpEquiv(found.metas, 'content-language') ??
        meta(['og:locale', 'language']),
    ),
    direction: normalizeDirection(root?.getAttribute('dir') ?? document.body?.getAttribute('dir')),
    product,
    declaredKind: declaredKind({ ogType, jsonLd, itemTypes: found.itemTypes }),
    productSign: productSign({ product, ogType, itemTypes: found.itemTypes, headings: found.headings }),
    declaresThread: declaresThread({ ogType, jsonLd, itemTypes: found.itemTypes }),
  };
}

function absoluteBase(href: string, pageUrl: string | undefined): string | undefined {
  const resolved = toAbsolute(href, pageUrl);
  return /^https?:\/\//i.test(resolved) ? resolved : pageUrl;
}

/** A `<meta content>` value and where it sits among the page's meta tags. */
interface Meta {
  value: string;
  order: number;
}

/** Every `<meta content>` of the page by lower-cased property, name or itemprop (the first wins). */
function readMetas(elements: readonly Element[]): Map<string, Meta> {
  const metas = new Map<string, Meta>();
  let order = 0;
  for (const element of elements) {
    order += 1;
    const key = (
      element.getAttribute('property') ??
      element.getAttribute('name') ??
      element.getAttribute('itemprop')
    )
      ?.trim()
      .toLowerCase();
    const content = element.getAttribute('content')?.trim();
    if (key === undefined || !content || metas.has(key)) continue;
    metas.set(key, { value: decodeLeftoverEntities(content, element.ownerDocument), order });
  }
  return metas;
}

/** The value of the first meta tag on the page (in page order) named by one of `names`. */
function firstMeta(metas: ReadonlyMap<string, Meta>, names: readonly string[]): string | undefined {
  let first: Meta | undefined;
  for (const name of names) {
    const meta = metas.get(name.toLowerCase());
    if (meta !== undefined && (first === undefined || meta.order < first.order)) first = meta;
  }
  return first?.value;
}

function longestMeta(metas: ReadonlyMap<string, Meta>, names: readonly string[]): string | undefined {
  let longest: string | undefined;
  for (const name of names) {
    const value = metas.get(name.toLowerCase())?.value;
    if (value !== undefined && value.length > (longest?.length ?? 0)) longest = value;
  }
  return longest;
}

function metaHttpEquiv(metas: readonly Element[], name: string): string | undefined {
  for (const element of metas) {
    if (element.getAttribute('http-equiv')?.toLowerCase() === name) {
      return element.getAttribute('content')?.split(',')[0]?.trim() || undefined;
    }
  }
  return undefined;
}

/** The elements page facts are read from. */
interface FactElements {
  /** The first `<base href>`. */
  base: Element | null;
  /** The first `<title>`. */
  title: Element | null;
  /** Every `<meta content>`, in page order. */
  metas: Element[];
  /** Every `<h1>`, in page order. */
  headings: Element[];
  /** Every `<script type="application/ld+json">`, in page order. */
  jsonLd: Element[];
  /** Every `itemtype` attribute (microdata), in page order. */
  itemTypes: string[];
}

/** Finds the base, title and meta elements in one walk over the page's elements. */
function findFactElements(document: Document): FactElements {
  const found: FactElements = { base: null, title: null, metas: [], headings: [], jsonLd: [], itemTypes: [] };
  for (const node of nodesUnder(document, 'elements', () => false)) {
    const element = node as Element;
    const itemType = element.getAttribute('itemtype');
    if (itemType !== null) found.itemTypes.push(itemType);
    switch (element.localName) {
      case 'base':
        if (found.base === null && element.hasAttribute('href')) found.base = element;
        break;
      case 'title':
        found.title ??= element;
        break;
      case 'meta':
        if (element.hasAttribute('content')) found.metas.push(element);
        break;
      case 'h1':
        found.headings.push(element);
        break;
      case 'script':
        if (element.getAttribute('type')?.trim().toLowerCase() === 'application/ld+json')
          found.jsonLd.push(element);
        break;
    }
  }
  return found;
}

/** Where a page keeps its main content. */
const CONTENT_ROOT = 'article, main, [role="main"]';

function headline(headings: readonly Element[]): string | undefined {
  const named = headings
    .filter((element) => !isSiteName(element))
    .map((element) => ({ element, text: headingText(element) || undefined }));
  const inContent = named.find((heading) => heading.text && heading.element.closest(CONTENT_ROOT));
  if (inContent) return inContent.text;
  const withText = named.filter((heading) => heading.text);
  return withText.length === 1 ? withText[0]?.text : undefined;
}

/** A link to a site's home page: its root, or its index page. */
const HOME_PAGE = /^(?:(?:https?:)?\/\/[^/?#]+\/?|\/)(?:index\.\w+)?$/i;

/**
 * True when a heading is the site's name: all its text is one link to the home page (a blog's
 * masthead `<h1><a href="http://blog.example/">The Blog</a></h1>`), on every page of the site.
 */
function isSiteName(heading: Element): boolean {
  const links = heading.querySelectorAll('a');
  if (links.length !== 1) return false;
  const link = links[0];
  const href = link?.getAttribute('href')?.trim();
  return href !== undefined && HOME_PAGE.test(href) && text(link ?? null) === text(heading);
}

function text(element: Element | null): string | undefined {
  const value = element?.textContent?.replace(/\s+/g, ' ').trim();
  return value || undefined;
}

/** `en_US` → `en-US`; anything that is not a plausible BCP 47 tag → undefined. */
export function toLanguageTag(value: string | null | undefined): string | undefined {
  const tag = value?.trim().replace(/_/g, '-');
  if (!tag || !/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(tag)) return undefined;
  const [primary = '', ...rest] = tag.split('-');
  return [primary.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join(
    '-',
  );
}

function normalizeDirection(value: string | null | undefined): string | undefined {
  const direction = value?.trim().toLowerCase();
  return direction === 'rtl' || direction === 'ltr' ? direction : undefined;
}
