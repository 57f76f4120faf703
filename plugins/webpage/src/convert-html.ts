import type { DocumentMetadata } from '@transmute/plugin-sdk';
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { loadDom, parseWithLinkedom, type DomImplementation } from './internal/load-dom.js';
import { markNamedBoilerplate } from './internal/mark-named-boilerplate.js';
import { dropReplySubjects } from './internal/reply-subjects.js';
import { dropPosterFacts } from './internal/poster-cards.js';
import { missesPosts } from './internal/posts-as-content.js';
import { dropOtherThreads } from './internal/other-threads.js';
import { isCatalogue, showsPriceGrid } from './internal/catalogue.js';
import { showCollapsedPanels } from './internal/collapsed-panels.js';
import { dropAnnouncements } from './internal/announcements.js';
import { dropSpokenDuplicates } from './internal/spoken-duplicates.js';
import { dropOtherProducts } from './internal/other-products.js';
import { dropPurchaseControls, dropVariantChoices } from './internal/product-page.js';
import { dropRatingSummaries } from './internal/rating-summaries.js';
import { withMissedProductSections } from './internal/missed-product-sections.js';
import {
  classedItemsShare,
  narrowToProduct,
  readMainRegion,
  type MainRegion,
} from './internal/main-region.js';
import { readPageFacts, toLanguageTag, type PageFacts } from './internal/page-facts.js';
import { toMdast } from './internal/to-mdast.js';
import { finishTree } from './internal/finish-tree.js';
import { linkCharacters, readsFragment } from './internal/article-fragment.js';
import { readsOneOfItems } from './internal/one-of-items.js';
import { pageTypeOf, readsItemsOnce, type PageType } from './internal/page-type.js';
import { findListedItems, withListedItems } from './internal/listed-items.js';
import type { DeclaredKind } from './internal/declared-kind.js';
import { addMissingProduct, type ProductFacts } from './internal/json-ld-product.js';
import { markupTextCharacters } from './internal/markup-text.js';
import { qualityFacts, scoreQuality, type QualityReport } from './internal/quality.js';
import { readWithReadability, type Article } from './internal/readability.js';
import { readSearchResults } from './internal/search-results.js';
import { proseWords, readMissedArticle } from './internal/second-opinion.js';
import { visibleText, visibleTextOf } from './internal/visible-text.js';
import { countWordCharacters, lowerCaseWords } from './internal/word-characters.js';

/** Options of {@link convertHtml}. */
export interface ConvertHtmlOptions {
  /** The page's URL (final URL after redirects, or `source_url`): links and images resolve against it. */
  url?: string | undefined;
  /** DOM under Readability. Default `linkedom`. */
  dom?: DomImplementation;
  /** Retry with jsdom when linkedom throws, finds no text at all, or reads the markup as text. Default true. */
  jsdomFallback?: boolean;
  /** Put on every block's provenance. */
  fileId?: string | undefined;
}

/** What {@link convertHtml} returns: the document, its metadata, warnings and quality. */
export interface ConvertHtmlResult {
  root: Root;
  metadata: DocumentMetadata;
  /** Non-fatal problems as `code: sentence`. */
  warnings: string[];
  quality: QualityReport;
  /** False when Readability found no article and the page's main region (or whole body) was converted. */
  mainContentFound: boolean;
  /** The DOM that produced the result. */
  dom: DomImplementation;
}

/**
 * A page with fewer letters and digits than this outside `<noscript>` may keep its content for
 * readers without scripts (a forum that renders its posts with scripts and gives the rest the
 * thread in `<noscript>`): its `<noscript>` elements are then read as the page's own blocks.
 */
const NOSCRIPT_PAGE_CHARACTERS = 100;
const NOSCRIPT = /<noscript\b/i;
const NOSCRIPT_TAG = /<(\/?)noscript\b/gi;
const NOSCRIPT_ELEMENT = /<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi;

/**
 * True when the page keeps its content for readers without scripts: it shows almost no text
 * outside `<noscript>`, or its `<noscript>` elements hold more text than the rest of the page (a
 * forum whose app draws the thread, with its loading and error notices outside, and the thread
 * itself in `<noscript>` for readers and search engines).
 */
function showsContentInNoscript(html: string, pageCharacters: number): boolean {
  if (!NOSCRIPT.test(html)) return false;
  if (pageCharacters < NOSCRIPT_PAGE_CHARACTERS) return true;
  let noscriptCharacters = 0;
  for (const [, inner] of html.matchAll(NOSCRIPT_ELEMENT))
    noscriptCharacters += markupTextCharacters(inner ?? '');
  return noscriptCharacters > pageCharacters;
}

/** An article shorter than this (letters and digits) is no article: the whole body is kept instead. */
const MINIMUM_ARTICLE_CHARACTERS = 100;

/**
 * Converts one HTML page to an mdast document: Readability keeps the main content, hast-util-to-mdast
 * turns it into mdast (GFM tables, code languages, absolute links and images), and the page's
 * metadata is collected. When Readability finds no article the whole body is converted, with a
 * warning. Runs on the calling thread; the webpage source runs it in worker threads.
 *
 * @example
 * const { root, metadata } = await convertHtml(html, { url: 'https://example.com/post' });
 */
export async function convertHtml(
  html: string,
  options: ConvertHtmlOptions = {},
): Promise<ConvertHtmlResult> {
  const dom = options.dom ?? 'linkedom';
  const warnings: string[] = [];
  let read = await readArticle(html, dom, options.url).catch((error: unknown) => ({ error }));
  if (!('error' in read) && showsContentInNoscript(html, read.pageCharacters)) {
    const shown = await readArticle(html.replace(NOSCRIPT_TAG, '<$1div'), dom, options.url).catch(() => null);
    if (shown !== null && shown.pageCharacters > read.pageCharacters) {
      read = shown;
      warnings.push(
        'noscript_content: the page shows its content only to readers without scripts; its <noscript> content was read.',
      );
    }
  }
  let usedDom = dom;
  if (
    'error' in read ||
    (read.foundNothing && read.pageCharacters > 0) ||
    read.markupAsText ||
    missedText(read, html)
  ) {
    if (dom === 'linkedom' && options.jsdomFallback !== false) {
      read = await readArticle(html, 'jsdom', options.url);
      usedDom = 'jsdom';
      warnings.push('dom_fallback: linkedom could not read the page; jsdom was used instead.');
    } else if ('error' in read) {
      throw read.error;
    }
  }
  const { facts, pageCharacters } = read;
  let article = read.article;
  let root = article?.content
    ? toMdast(article.content, {
        baseUrl: facts.baseUrl,
        region: read.fromRegion,
        itemsOnce: readsItemsOnce(read.pageType),
      })
    : null;
  // An article whose every block was boilerplate leaves nothing: the page's text is kept instead.
  if (root === null || (pageCharacters > 0 && countWordCharacters(toString(root)) === 0)) {
    article = null;
    root = null;
  }
  const mainContentFound = article !== null;
  if (root === null) {
    root = await readRegionInstead(html, usedDom, options.url, facts.baseUrl);
    warnings.push(
      root === null
        ? 'main_content_not_found: no article was found on the page; the whole body was converted.'
        : 'main_content_not_found: no article was found on the page; its main region (the page without its navigation, header, footer and sidebars) was converted.',
    );
    root ??= toMdast(html, { baseUrl: facts.baseUrl });
  }
  // A page drawn wholly by scripts (a forum whose posts are only JSON for its app) shows no text;
  // its description, when it has one, is the only text the page gives a reader without scripts.
  if (
    pageCharacters === 0 &&
    facts.fullDescription !== undefined &&
    countWordCharacters(toString(root)) === 0
  ) {
    root.children.push({ type: 'paragraph', children: [{ type: 'text', value: facts.fullDescription }] });
    warnings.push(
      'content_from_description: the page shows no text without running its scripts; its description (<meta name="description">, Open Graph or Twitter, the longest) was converted instead.',
    );
  }
  if (addMissingProduct(root, facts.product)) {
    warnings.push(
      "product_from_json_ld: the page's visible content lacks its product's description; the description of its JSON-LD was added.",
    );
  }
  const metadata = toMetadata(facts, article, options.url);
  // Scored before the title heading is added: a page whose only text is its title has no content.
  const quality = scoreQuality({ root, mainContentFound, pageWordCharacters: pageCharacters });
  dropReplySubjects(root);
  finishTree(root, { title: metadata.title, headline: facts.headline, fileId: options.fileId });
  metadata.facts = { ...metadata.facts, ...qualityFacts(quality) };
  return { root, metadata, warnings, quality, mainContentFound, dom: usedDom };
}

/**
 * The page's main region ({@link readMainRegion}) converted as a page of items, when no article was
 * found: a listing whose Readability reading was all teasers and link lines (dropped as an
 * article's boilerplate) still has its entries, and its navigation, header, footer and sidebars are
 * not its content; the whole body keeps them all. Null when the region shows no text (then the
 * whole body is converted) or the page cannot be parsed again.
 */
async function readRegionInstead(
  html: string,
  dom: DomImplementation,
  url: string | undefined,
  baseUrl: string | undefined,
): Promise<Root | null> {
  const document = await loadDom(html, dom, url).catch(() => null);
  const region = document === null ? null : readMainRegion(document);
  if (region === null || region.characters === 0) return null;
  const root = toMdast(region.element, { baseUrl, region: true });
  return countWordCharacters(toString(root)) > 0 ? root : null;
}

/**
 * True when the DOM found no article and saw (almost) no text on a page whose markup holds text
 * between its tags: the parse went wrong (linkedom read an unclosed `<![CDATA[` as hiding the rest
 * of the page). A page whose article was read stays as read, even when its text count is off.
 */
function missedText(read: ReadResult, html: string): boolean {
  return (
    read.foundNothing &&
    read.pageCharacters < NOSCRIPT_PAGE_CHARACTERS &&
    markupTextCharacters(html) >= NOSCRIPT_PAGE_CHARACTERS
  );
}

interface ReadResult {
  facts: PageFacts;
  article: Article | null;
  /** Letters and digits a reader sees on the page: the body's text without scripts and styles. */
  pageCharacters: number;
  /** Readability returned nothing at all (not merely too little). */
  foundNothing: boolean;
  /** The article's text is mostly HTML tags: the DOM took the page's markup for text. */
  markupAsText: boolean;
  /** The article is the page's main region ({@link readMainRegion}), not Readability's reading. */
  fromRegion: boolean;
  /** What kind of page was read ({@link pageTypeOf}). */
  pageType: PageType;
}

async function readArticle(
  html: string,
  dom: DomImplementation,
  url: string | undefined,
): Promise<ReadResult> {
  const document = await loadDom(html, dom, url);
  const facts = readPageFacts(document, url);
  const pageText = visibleText(document);
  const pageCharacters = countWordCharacters(pageText);
  const results = readSearchResults(document);
  if (results !== null) {
    const article = toRegionArticle(null, results);
    return {
      facts,
      article,
      pageCharacters,
      foundNothing: false,
      markupAsText: false,
      fromRegion: true,
      pageType: pageTypeOf({
        productPage: false,
        declaredKind: facts.declaredKind,
        text: article.textContent ?? '',
      }),
    };
  }
  // A shop's template may call every page a product (`og:type`): a page that says nothing else and
  // shows a grid of priced items is its catalogue, whose cards are its content, not other products.
  const productPage =
    facts.productSign !== undefined && !(facts.productSign === 'og:type' && showsPriceGrid(document.body));
  if (productPage) prepareProductPage(document.body);
  // A thread is one whether its posts' blocks are named so or its structured data says so.
  const thread = markNamedBoilerplate(document) || facts.declaresThread;
  const first = readWithReadability(document, dom === 'linkedom' ? () => rereadPage(html) : undefined);
  const second = await readMissedArticle({
    html,
    dom,
    url,
    description: facts.description,
    pageText,
    article: first,
  });
  const read = second ?? first;
  // A second reading parsed the page again, with the other products in it.
  if (productPage && read?.content && dropOtherProducts(read.content) > 0) {
    read.textContent = read.content.textContent ?? '';
  }
  const readCharacters = read?.content ? countWordCharacters(read.textContent ?? '') : 0;
  const { instead: region, seen } = await regionInstead({ html, dom, url }, read, pageCharacters, {
    thread,
    productPage,
    product: productPage ? (facts.product ?? shownProduct(facts)) : undefined,
    declaredKind: facts.declaredKind,
  });
  // A listing's introduction read as its article: its entries beside it are the page's content.
  // Not beside a grid of prices: a shop category's grid is the catalogue rule's to judge (a short
  // text gives way to it), and read as entries it buried the category's text (DECISIONS, issue 26).
  const entries =
    region === null &&
    seen !== null &&
    !productPage &&
    read?.content &&
    !datedOrSigned(read, facts) &&
    !showsPriceGrid(seen.element)
      ? findListedItems(seen.element, read.textContent ?? '')
      : null;
  const parsed =
    region !== null
      ? toRegionArticle(read, region.element)
      : read !== null && entries !== null
        ? withListedItems(read, entries)
        : read;
  if (parsed?.content) dropPosterFacts(parsed.content, html);
  if (productPage && parsed?.content) {
    dropPurchaseControls(parsed.content);
    dropRatingSummaries(parsed.content);
  }
  const articleCharacters =
    region?.characters ??
    (entries === null ? readCharacters : countWordCharacters(parsed?.textContent ?? ''));
  const usable =
    articleCharacters > 0 && articleCharacters >= Math.min(MINIMUM_ARTICLE_CHARACTERS, pageCharacters);
  return {
    facts,
    article: usable ? parsed : null,
    pageCharacters,
    foundNothing: articleCharacters === 0,
    markupAsText: isMarkupAsText(parsed?.textContent ?? ''),
    // Only the added entries are a page of items (they are marked): Readability's part stays an article's.
    fromRegion: region !== null,
    pageType: pageTypeOf({ productPage, declaredKind: facts.declaredKind, text: parsed?.textContent ?? '' }),
  };
}

/**
 * A product page as its reader reads it, before any reading: its collapsed panels (description,
 * details, specifications in tabs) open, the screen readers' copies of its prices and dates, its
 * announcements to them ("Added to", "Loading..."), its variants to pick and its other products and
 * reviews gone.
 */
function prepareProductPage(body: Element): void {
  showCollapsedPanels(body);
  dropVariantChoices(body);
  dropSpokenDuplicates(body);
  dropAnnouncements(body);
  dropOtherProducts(body);
}

/**
 * True when Readability's reading carries an article's signs, an author or a publication date, on a
 * page that does not call itself something else (`og:type` `website`, a listing's schema.org type):
 * a story's page, whose lists of other stories (most read, more headlines) are not its content. A
 * category's introduction is neither signed nor dated.
 */
function datedOrSigned(read: Article, facts: PageFacts): boolean {
  if (facts.declaredKind === 'other') return false;
  return Boolean(read.byline?.trim() || read.publishedTime?.trim() || facts.publishedTime);
}

/** Prose words (in paragraphs of ten words or more) that make Readability's reading an article. */
const ARTICLE_PROSE_WORDS = 150;
/** A shorter reading is an article when at least this share of its words is prose. */
const ARTICLE_PROSE_SHARE = 0.6;
/** …and it has at least this many prose words. */
const SHORT_ARTICLE_PROSE_WORDS = 30;

/**
 * True when Readability read an article: a run of prose (150 words in paragraphs of ten words or
 * more), or a short text that is mostly such prose. A page of short blocks (a product's facts, a
 * listing's items, a forum's posts under their chrome) gives Readability neither.
 */
function isArticle(read: Article | null): boolean {
  if (read === null) return false;
  const prose = proseWords(read.content);
  if (prose >= ARTICLE_PROSE_WORDS) return true;
  const words = (read.textContent ?? '').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return prose >= SHORT_ARTICLE_PROSE_WORDS && prose >= ARTICLE_PROSE_SHARE * words;
}

function isLongArticle(read: Article | null): boolean {
  return read !== null && proseWords(read.content) >= ARTICLE_PROSE_WORDS;
}

/** A product page without JSON-LD: its heading (or title) and its meta description name the product. */
function shownProduct(facts: PageFacts): ProductFacts {
  return { name: facts.headline ?? facts.title, description: facts.description, price: undefined };
}

/** Readability's article is suspect when it holds less than this share of the page's text. */
const SUSPECT_ARTICLE_SHARE = 0.5;
/** A page whose repeated items hold this share of its main region's text is a page of items. */
const ITEMS_PAGE_SHARE = 0.8;
/** The main region replaces the article when it holds this many times the article's text. */
const REGION_GAIN = 1.5;

/** The region read instead of Readability's article, if any, and the main region looked at. */
interface RegionChoice {
  instead: MainRegion | null;
  /** The page's main region, read from a fresh parse; null when it was not looked for. */
  seen: MainRegion | null;
}

/**
 * The page's main region ({@link readMainRegion}) when Readability read a fragment of a page that
 * is not an article: its article holds less than half the page's text, and the region, its chrome
 * removed, holds at least 1.5 times as much, and Readability's reading is no article or the region
 * is mostly repeated items (posts, cards, entries). Readability looks for one run of prose; a product,
 * listing, forum thread or service page keeps its content in many short blocks, and Readability
 * takes one of them; on a thread whose posts are the page's content (`thread`, see
 * {@link markNamedBoilerplate}) Readability's article is the opening story, not the page. On a
 * product's page (`productPage`: its JSON-LD names a schema.org `Product`) the repeated items are
 * its reviews and the other products it offers, not its content: an article stays Readability's.
 * An article under half of the region's text outside its links on a page that does not say it is one is a fragment
 * ({@link readsFragment}), except on the page of a product on sale (its JSON-LD gives an offer's
 * price; a service's page may name itself a `Product` for its rating). Read from a fresh parse
 * (Readability has rewritten the first one), which is returned as `seen` whether or not it won:
 * a listing's entries beside its introduction are looked for there ({@link findListedItems}).
 */
async function regionInstead(
  { html, dom, url }: { html: string; dom: DomImplementation; url: string | undefined },
  read: Article | null,
  pageCharacters: number,
  page: {
    thread: boolean;
    productPage: boolean;
    product: ProductFacts | undefined;
    declaredKind: DeclaredKind | undefined;
  },
): Promise<RegionChoice> {
  const articleCharacters = read?.content ? countWordCharacters(read.textContent ?? '') : 0;
  const suspect = articleCharacters < SUSPECT_ARTICLE_SHARE * pageCharacters;
  if (!suspect && !page.thread) return { instead: null, seen: null };
  const fresh = await loadDom(html, dom, url);
  if (page.productPage) prepareProductPage(fresh.body);
  if (page.thread) dropOtherThreads(fresh.body);
  const region = readMainRegion(fresh);
  if (region === null) return { instead: null, seen: null };
  // A thread's article that holds most of the page may still be one long post, not the thread.
  if (!suspect) {
    const missed = missesPosts(read?.textContent ?? '', region.element);
    return { instead: missed ? region : null, seen: null };
  }
  // An article that is chrome (a cookie banner) is not the page's, however little the region holds.
  const chrome = readsChrome(read, region);
  if (region.characters < REGION_GAIN * articleCharacters && !chrome) return { instead: null, seen: region };
  // On a product's page, the product's own block of the region (not its reviews and other products).
  const block =
    page.product === undefined
      ? region
      : narrowToProduct(region, { ...page.product, readCharacters: articleCharacters });
  // A product's short description read alone: the block showing it with the product's name holds
  // the rest of the product (price, details, specifications).
  if (block !== region && block.characters >= REGION_GAIN * articleCharacters && !isLongArticle(read)) {
    return { instead: block, seen: region };
  }
  // An article stays Readability's, unless the page is mostly repeated items (a thread's posts, a
  // catalogue's grid) or it is one block of a page that is no article (a service page's section, a
  // thread's first post). An article that is chrome (a cookie banner) is not the page's, on any page.
  const itemsPage =
    !page.productPage &&
    (page.thread ||
      region.repeatedShare >= ITEMS_PAGE_SHARE ||
      (!isLongArticle(read) && isCatalogue(region.element)) ||
      (read?.content ? readsOneOfItems(read.content, articleCharacters, region.element) : false) ||
      (readsRunOfItems(read, page.declaredKind) && !showsPriceGrid(region.element)));
  // A shop's category page whose own text Readability read at length (150 prose words): the grid of
  // priced items beside it is no service page's sections. On a product's page the prices are its
  // variants and other products, and the product page's own rules decide.
  const categoryText = !page.productPage && isLongArticle(read) && showsPriceGrid(region.element);
  const fragment =
    !categoryText &&
    readsFragment({
      articleCharacters,
      regionCharacters: region.characters,
      linkCharacters: linkCharacters(region.element),
      declaredKind: page.declaredKind,
      hasByline: Boolean(read?.byline?.trim()),
    });
  if (isArticle(read) && !itemsPage && !(fragment && page.product?.price === undefined) && !chrome) {
    // A product's description read alone: its details and specifications in the region's tabs.
    const joined =
      page.productPage && read?.content ? withMissedProductSections(read.content, region.element) : null;
    if (joined === null) return { instead: null, seen: region };
    return {
      instead: { element: joined, characters: countWordCharacters(visibleTextOf(joined)), repeatedShare: 0 },
      seen: region,
    };
  }
  return { instead: block, seen: region };
}

/** Readability read one section of a page of items when a run of repeated items holds this share of its reading. */
const READING_ITEMS_SHARE = 0.6;

/**
 * True when Readability's reading is itself a run of repeated items (60 % of its text in siblings
 * of one tag and class: a section front's video playlist, one strip of teasers, a service page's
 * grid of offers) on a page that does not say it is an article: it took the longest section of a
 * page of items, and the page's main region holds the others (the top stories, the most read). An
 * article's own text is paragraphs and headings; its bullet lists (items without a class) do not
 * count. Not beside a grid of prices: a shop category's text and grid are the catalogue rules' to judge.
 */
function readsRunOfItems(read: Article | null, declaredKind: DeclaredKind | undefined): boolean {
  if (!read?.content || declaredKind === 'article') return false;
  return classedItemsShare(read.content) >= READING_ITEMS_SHARE;
}

/** Readability's article is chrome when less than this share of its words occur in the main region. */
const IN_REGION_SHARE = 0.5;

/**
 * True when Readability's article is mostly not the main region's text: less than half of its
 * words occur in the region's visible text once the region's chrome is removed. Readability read a
 * cookie or consent banner (on a news site's front page, whose teasers are each too short for it),
 * not the page's content.
 */
function readsChrome(read: Article | null, region: MainRegion): boolean {
  const words = lowerCaseWords(read?.textContent ?? '');
  if (words.length === 0) return false;
  const inRegion = new Set(lowerCaseWords(visibleTextOf(region.element)));
  const found = words.filter((word) => inRegion.has(word)).length;
  return found < IN_REGION_SHARE * words.length;
}

/** Readability's reading (its title, byline, dates) with a region of the page as its content. */
function toRegionArticle(read: Article | null, region: Element): Article {
  // Its visible text: a region's scripts would read as markup printed as text (isMarkupAsText).
  const textContent = visibleTextOf(region);
  return {
    title: read?.title ?? null,
    byline: read?.byline ?? null,
    dir: read?.dir ?? null,
    lang: read?.lang ?? null,
    excerpt: read?.excerpt ?? null,
    siteName: read?.siteName ?? null,
    publishedTime: read?.publishedTime ?? null,
    length: textContent.length,
    content: region,
    textContent,
  };
}

/** The page parsed and marked again, for Readability's second attempt. */
function rereadPage(html: string): Document {
  const document = parseWithLinkedom(html);
  markNamedBoilerplate(document);
  return document;
}

/** Tags printed as text: `<div class="x">`, `</span>`. */
const TAG_AS_TEXT = /<\/?[a-z][a-z0-9]*(?:\s[^<>]{0,200})?>/gi;
/** Past this many tags as text (and share of the text), the page was parsed wrongly. */
const MARKUP_AS_TEXT_TAGS = 20;
const MARKUP_AS_TEXT_SHARE = 0.05;

/**
 * True when a text is largely HTML markup: a DOM that misreads a page (linkedom on some malformed
 * pages) turns the rest of the page into one text node. A page that quotes a few tags stays false.
 */
function isMarkupAsText(text: string): boolean {
  const tags = text.match(TAG_AS_TEXT) ?? [];
  if (tags.length < MARKUP_AS_TEXT_TAGS) return false;
  const tagCharacters = tags.reduce((sum, tag) => sum + tag.length, 0);
  return tagCharacters / text.length >= MARKUP_AS_TEXT_SHARE;
}

function toMetadata(facts: PageFacts, article: Article | null, url: string | undefined): DocumentMetadata {
  const metadata: DocumentMetadata = {};
  const set = <TKey extends keyof DocumentMetadata>(
    key: TKey,
    value: DocumentMetadata[TKey] | null | undefined,
  ) => {
    if (value !== undefined && value !== null && value !== '') metadata[key] = value;
  };
  set('title', clean(article?.title) ?? facts.title ?? facts.headline);
  set('byline', clean(article?.byline) ?? facts.author);
  set('siteName', clean(article?.siteName) ?? facts.siteName);
  set('publishedTime', clean(article?.publishedTime) ?? facts.publishedTime);
  set('language', toLanguageTag(article?.lang) ?? facts.language);
  set('excerpt', clean(article?.excerpt) ?? facts.description);
  set('sourceUrl', url);
  const direction = clean(article?.dir)?.toLowerCase() ?? facts.direction;
  if (direction === 'rtl' || direction === 'ltr') metadata.facts = { direction };
  return metadata;
}

function clean(value: string | null | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text || undefined;
}
