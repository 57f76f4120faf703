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
 * product; undefined when it says nothing. An article type wins over the others (a news story's
 * page may also list its related stories). JSON-LD is read as text, not parsed: only the type
 * names matter, and a shop's JSON-LD can be large.
 */
export function declaredKind(input: DeclaredKindInput): DeclaredKind | undefined {
  const kinds = new Set<DeclaredKind | undefined>();
  const ogType = input.ogType?.trim().toLowerCase();
  if (ogType) kinds.add(ogType === 'article' ? 'article' : 'other');
  for (const itemType of input.itemTypes) for (const type of itemType.split(/\s+/)) kinds.add(kindOf(type));
  for (const script of input.jsonLd) {
    for (const match of script.matchAll(JSON_LD_TYPE)) {
      const value = match[1] ?? '';
      for (const type of value.startsWith('[') ? value.slice(1, -1).split(',') : [value])
        kinds.add(kindOf(type));
    }
  }
  if (kinds.has('article')) return 'article';
  return kinds.has('other') ? 'other' : undefined;
}

function kindOf(value: string): DeclaredKind | undefined {
  const name = TYPE_NAME.exec(value.trim())?.[1];
  return name === undefined ? undefined : KIND_OF_TYPE.get(name.toLowerCase());
}
