/**
 * A search engine's results page read as its results: each result's title linked to the page it
 * names (not to the engine's redirect), its snippet with the engine's emphasis, and its deep links.
 * Readability reads such a page as a short article of snippets and drops the titles and links,
 * which are what a reader of the page came for. Bing's layout is recognised (`#b_results >
 * li.b_algo`); another page is left to the article reader.
 */

/** Bing's click-tracking redirect: `https://www.bing.com/ck/a?!&&p=…&u=a1<base64url target>&ntb=1`. */
const BING_REDIRECT = /^https?:\/\/(?:www\.)?bing\.com\/ck\/a\?/i;

/**
 * The page a search engine's redirect leads to (Bing's `u=a1` + the URL in base64url), or the
 * link as it is when it is no such redirect or its target is not an http(s) URL.
 */
export function unwrapSearchRedirect(href: string): string {
  if (!BING_REDIRECT.test(href)) return href;
  const encoded = new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('u');
  if (encoded?.startsWith('a1') !== true) return href;
  const target = Buffer.from(encoded.slice(2), 'base64url').toString('utf8');
  return /^https?:\/\//i.test(target) ? target : href;
}

/** A link to `href` (unwrapped) with this text, in `document`. */
function linkTo(document: Document, anchor: Element): Element {
  const link = document.createElement('a');
  link.setAttribute('href', unwrapSearchRedirect(anchor.getAttribute('href') ?? ''));
  link.textContent = anchor.textContent.trim();
  return link;
}

/** One result: its title as a heading with its link, its snippet, its deep links as a list. */
function toResult(document: Document, item: Element): Element[] {
  const title = item.querySelector('h2 a');
  if (title === null) return [];
  const heading = document.createElement('h2');
  heading.append(linkTo(document, title));
  const blocks: Element[] = [heading];
  const snippet = item.querySelector('.b_caption p');
  if (snippet !== null) {
    const paragraph = snippet.cloneNode(true) as Element;
    // The engine's labels of the result (WEB, a date) are not the page's words.
    for (const label of paragraph.querySelectorAll('.algoSlug_icon, .news_dt')) label.remove();
    blocks.push(paragraph);
  }
  const deep = [...item.querySelectorAll('.b_deep a, .b_vList a')].filter(
    (anchor) => anchor.textContent.trim() !== '',
  );
  if (deep.length > 0) {
    const list = document.createElement('ul');
    for (const anchor of deep) {
      const entry = document.createElement('li');
      entry.append(linkTo(document, anchor));
      list.append(entry);
    }
    blocks.push(list);
  }
  return blocks;
}

/** The results of a search engine's results page as one element of `document`, or null for another page. */
export function readSearchResults(document: Document): Element | null {
  const items = [...document.querySelectorAll('#b_results > li.b_algo')];
  const results = document.createElement('div');
  for (const item of items) results.append(...toResult(document, item));
  if (results.children.length === 0) return null;
  // The query heads the page: a result's title that repeats the page's title must not take its place.
  const query = document.querySelector('#sb_form_q')?.getAttribute('value')?.trim();
  if (query) {
    const heading = document.createElement('h1');
    heading.textContent = query;
    results.prepend(heading);
  }
  return results;
}
