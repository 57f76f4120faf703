import { nodesUnder } from './dom-walk.js';
import { classAndIdNames, nameWords } from './element-names.js';
import { itemClassKey } from './main-region.js';
import { lowerCaseWords } from './word-characters.js';

/** The markup of a page with a definition list's value: no look for cards on the others. */
const DEFINITION_MARKUP = /<dd[\s>]/i;
/** A thread shows a poster's card beside each of at least this many posts. */
const MIN_CARDS = 3;
/** A card's name (its `<dt>`) has at most this many words… */
const MAX_NAME_WORDS = 6;
/** …and each of its facts (`<dd>`) at most this many. */
const MAX_FACT_WORDS = 6;
/** A card gives at least this many facts: one `<dd>` is a term's value, not a poster's card. */
const MIN_FACTS = 2;

/**
 * Removes the facts of a forum poster's card, keeping the poster's name: phpBB and FluxBB put
 * beside every post a `<dl>` whose one `<dt>` is the poster (name, avatar) and whose `<dd>`s are
 * their rank, post count, join date, location and custom fields ("Founded: Dec 11, 2021",
 * "Primary OS: Mac OS X", "Registered: 2024-01-27"). Readers of the thread read who wrote each post,
 * not the card again under every post (WCXB's labels keep the name and drop the rest). Only lists
 * repeated at least three times with the same classes (theirs and their parent's), each one term
 * and two or more short values, are cards: a glossary's terms have long definitions, and a list of
 * facts names each with its own term. `html` is the page's markup, read only to skip pages
 * without a definition list.
 */
export function dropPosterCardFacts(document: Document, html: string): number {
  const body = document.body as Element | null;
  if (body === null || !DEFINITION_MARKUP.test(html)) return 0;
  const groups = new Map<string, Element[]>();
  for (const list of Array.from(body.getElementsByTagName('dl'))) {
    if (!isCard(list)) continue;
    const key = `${itemClassKey(list.getAttribute('class'))}<${itemClassKey(list.parentElement?.getAttribute('class') ?? null)}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [list]);
    else group.push(list);
  }
  let removed = 0;
  for (const cards of groups.values()) {
    if (cards.length < MIN_CARDS) continue;
    for (const card of cards) {
      for (const fact of Array.from(card.children).filter((child) => child.localName === 'dd')) {
        fact.remove();
        removed += 1;
      }
    }
  }
  return removed;
}

/**
 * One `<dt>` first, naming someone by a link (a poster's name links to their profile; a product's
 * `Colours` over its `Red`, `Blue` links nowhere), then only `<dd>`s, two or more, every one short.
 */
function isCard(list: Element): boolean {
  const [name, ...facts] = Array.from(list.children);
  if (name?.localName !== 'dt' || facts.length < MIN_FACTS) return false;
  if (name.querySelector('a[href]') === null) return false;
  if (lowerCaseWords(name.textContent ?? '').length > MAX_NAME_WORDS) return false;
  return facts.every(
    (fact) => fact.localName === 'dd' && lowerCaseWords(fact.textContent ?? '').length <= MAX_FACT_WORDS,
  );
}

/** Who a card is about: the poster of a post (`user`, `author`, `poster`)… */
const POSTER_WORDS = new Set(['user', 'author', 'poster']);
/** …and what of it a block shows beside their name: a rank, a banner, their counts. */
const FACT_WORDS = new Set(['title', 'titles', 'extras', 'extra', 'banner', 'banners', 'stats']);
for (const word of ['statistics', 'badge', 'badges', 'rank', 'ranks']) FACT_WORDS.add(word);
/** The same as one word: `usertitle`, `userextras`. */
const POSTER_FACT_WORD = new RegExp(`^(?:${[...POSTER_WORDS].join('|')})(?:${[...FACT_WORDS].join('|')})$`);

/**
 * Removes the blocks of a poster's card that say who they are on the forum rather than who they
 * are: their rank or title (`message-userTitle` "Well-known member", `userBanner` "Staff member"),
 * their counts (`message-userExtras` "Joined … Messages …", `ipsEntry__authorStats`) and badges
 * (`ipsComment_authorBadge`). A class naming the poster (`user`, `author`, `poster`) and such a
 * fact (`title`, `extras`, `banner`, `stats`, `badge`, `rank`) marks them; the poster's name and
 * avatar are in other blocks and stay. `html` is the page's markup, read only to skip pages
 * without such a class. WCXB's labels keep none of them. Done on the article read,
 * not the page: a rank is often a heading (`<h5 class="userTitle">`), and headings help
 * Readability find the posts.
 */
export function dropPosterFacts(article: Element, html: string): number {
  if (!POSTER_FACT_MARKUP.test(html)) return 0;
  // Walked, not matched by a selector: linkedom's css-select costs more than the parse.
  const found: Element[] = [];
  for (const node of nodesUnder(article, 'elements', () => false)) {
    if (namesPosterFact(node as Element)) found.push(node as Element);
  }
  for (const element of found) element.remove();
  return found.length;
}

/** What every name {@link namesPosterFact} matches holds: most elements are passed on this test. */
const POSTER_SUBSTRING = /user|author|poster/i;
/** The markup of a page with such a class: no walk on the others (reading classes costs). */
const POSTER_FACT_MARKUP =
  /class=["'][^"']*(?:user|author|poster)[-_]?(?:titles?|extras?|banners?|stats|statistics|badges?|ranks?)/i;

function namesPosterFact(element: Element): boolean {
  if (!element.hasAttributes() || !POSTER_SUBSTRING.test(element.getAttribute('class') ?? '')) return false;
  // A BEM modifier (`userExtra--expand`) says how a block is shown, not what it is.
  return classAndIdNames(element).some((name) => {
    if (name.includes('--')) return false;
    const words = nameWords(name);
    return words.some(
      (word, index) =>
        POSTER_FACT_WORD.test(word) || (POSTER_WORDS.has(word) && FACT_WORDS.has(words[index + 1] ?? '')),
    );
  });
}
