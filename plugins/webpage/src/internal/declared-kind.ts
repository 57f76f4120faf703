/**
 * schema.org types that say a page is an article (a story, a post, a report). A forum's
 * `DiscussionForumPosting`, a `WebPage` or a `Product` are not among them: those pages keep their
 * content in many blocks, not in one run of prose.
 */
const ARTICLE_TYPES = [
  ...['Article', 'NewsArticle', 'BlogPosting', 'LiveBlogPosting', 'Report', 'ScholarlyArticle'],
  ...['ReportageNewsArticle', 'AnalysisNewsArticle', 'OpinionNewsArticle', 'BackgroundNewsArticle'],
  ...['ReviewNewsArticle', 'TechArticle'],
];
/**
 * schema.org types that say the page is something else: a thread, a question and its answers, a
 * listing. `WebSite` and `WebPage` are not among them: an article's page names them too.
 */
const OTHER_TYPES = [
  ...['DiscussionForumPosting', 'QAPage', 'CollectionPage', 'ItemList', 'SearchResultsPage'],
  ...['ProfilePage', 'Product', 'ProductGroup'],
];
/**
 * schema.org types of a site's own page (its home, about, contact, service or FAQ page). A page
 * that names one of these and no article type says it is no article, whatever its `og:type`:
 * WordPress SEO plugins print `og:type` `article` on every page, and the page's graph says
 * `WebPage` (a post's graph adds `Article`).
 */
const PAGE_TYPES = new Set(
  ['WebPage', 'AboutPage', 'ContactPage', 'FAQPage', 'ItemPage', 'MedicalWebPage'].map((type) =>
    type.toLowerCase(),
  ),
);
const KIND_OF_TYPE = new Map<string, DeclaredKind>([
  ...OTHER_TYPES.map((type) => [type.toLowerCase(), 'other'] as const),
  ...ARTICLE_TYPES.map((type) => [type.toLowerCase(), 'article'] as const),
]);

/** `"@type": "NewsArticle"` or `"@type": ["BlogPosting", …]` in a JSON-LD script's text. */
const JSON_LD_TYPE = /"@type"\s*:\s*(\[[^\]]*\]|"[^"]*")/g;
/** A schema.org type name at the end of a type or an itemtype URL. */
const TYPE_NAME = /(?:^|[/"\s])([A-Za-z]+)"?\s*$/;

/** What a page says it is: an article, something else (a thread, a listing, a site's page), or nothing. */
export type DeclaredKind = 'article' | 'other';

/** Where a page may say what it is. */
export interface DeclaredKindInput {
  /** `<meta property="og:type">`. */
  ogType: string | undefined;
  /** The text of each `<script type="application/ld+json">`. */
  jsonLd: readonly string[];
  /** Each `itemtype` attribute (microdata), e.g. `https://schema.org/NewsArticle`. */
  itemTypes: readonly string[];
}

/**
 * What the page says it is: `article` for `og:type` `article` or a schema.org article type
 * (`Article`, `NewsArticle`, `BlogPosting`…) in its JSON-LD or microdata; `other` for another
 * `og:type` (`website`, `product`) or a schema.org type of a thread, Q&A page, listing, profile or
 * product; undefined when it says nothing. `og:type` `article` counts for nothing on a page whose
 * structured data names a plain page ({@link PAGE_TYPES}) and no article type. An article type
 * wins over the others (a news story's
 * page may also list its related stories). JSON-LD is read as text, not parsed: only the type
 * names matter, and a shop's JSON-LD can be large.
 */
export function declaredKind(input: DeclaredKindInput): DeclaredKind | undefined {
  const types = structuredTypes(input).map((type) => type.toLowerCase());
  const kinds = new Set(types.map((type) => KIND_OF_TYPE.get(type)));
  const ogType = input.ogType?.trim().toLowerCase();
  const plainPage = types.some((type) => PAGE_TYPES.has(type));
  if (ogType && !(ogType === 'article' && plainPage)) kinds.add(ogType === 'article' ? 'article' : 'other');
  if (kinds.has('article')) return 'article';
  return kinds.has('other') ? 'other' : undefined;
}

/** The schema.org type names of the page's microdata and JSON-LD (`NewsArticle`, `WebPage`). */
export function structuredTypes(input: DeclaredKindInput): string[] {
  const values = input.itemTypes.flatMap((itemType) => itemType.split(/\s+/));
  for (const script of input.jsonLd) {
    for (const match of script.matchAll(JSON_LD_TYPE)) {
      const value = match[1] ?? '';
      values.push(...(value.startsWith('[') ? value.slice(1, -1).split(',') : [value]));
    }
  }
  return values.flatMap((value) => {
    const name = TYPE_NAME.exec(value.trim())?.[1];
    return name === undefined ? [] : [name];
  });
}
