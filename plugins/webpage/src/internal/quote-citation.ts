/** Words a quote's citation line may have at most: "On 10/29/2025 at 2:07 PM, GrinGEO said:". */
const MAX_CITATION_WORDS = 12;
/** A citation ends by saying its poster spoke: `said:`, `wrote:`. */
const CITATION_END = /\b(?:said|wrote)\s*:$/i;
/** Cheap tests on the markup before any walk: a quote, and a citation's ending (an icon may follow it in the link). */
const QUOTE_MARKUP = /<blockquote[\s>]/i;
const CITATION_MARKUP = /\b(?:said|wrote)\s*:/i;

/**
 * True when a line is a quote's citation in a thread ("Irene McC said:", "On 10/29/2025 at 2:07 PM,
 * GrinGEO said:", "jdoe wrote:"): who wrote the words the quote holds.
 */
export function isQuoteCitation(text: string): boolean {
  // An arrow or icon linking to the quoted post may follow the words: `jdoe said: ↑`.
  const line = text
    .replace(/\s+/g, ' ')
    .replace(/[^\p{L}\p{N}:]+$/u, '')
    .trim();
  if (!CITATION_END.test(line)) return false;
  return (line.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0) <= MAX_CITATION_WORDS;
}

/**
 * Turns the links of quotes' citations into their text: forum software links "Irene McC said:" to
 * the quoted post, and a block that is one short link reads as a "Read more" promo to every reader
 * of the page (Readability's link density, our link lines), so the line went and the quote lost
 * whose words it holds, which a reader of the reply needs (WCXB's labels keep it). Only a link
 * inside a `<blockquote>` whose whole text is a citation ({@link isQuoteCitation}). `html` is the
 * page's markup, read first so that a page without such a link costs no walk. Returns the number
 * of links unwrapped.
 */
export function unlinkQuoteCitations(document: Document, html: string): number {
  if (!QUOTE_MARKUP.test(html) || !CITATION_MARKUP.test(html)) return 0;
  let unlinked = 0;
  for (const link of Array.from(document.querySelectorAll('blockquote a'))) {
    if (!isQuoteCitation(link.textContent ?? '')) continue;
    link.replaceWith(document.createTextNode(link.textContent ?? ''));
    unlinked += 1;
  }
  return unlinked;
}
