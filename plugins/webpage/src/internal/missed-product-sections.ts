import { nodesUnder } from './dom-walk.js';
import { isEditorialSection, isProductSection } from './product-sections.js';
import { isInvisible, visibleTextOf } from './visible-text.js';
import { countWordCharacters, lowerCaseWords } from './word-characters.js';
import { HEADING_SELECTOR } from './heading-tags.js';

/** A section of which the reading already holds at least this share of the words was read. */
const READ_SHARE = 0.5;
/** The sections added hold at most this many times the reading's letters and digits. */
const MAX_ADDED_SHARE = 1;

/**
 * Readability's reading of a product page (`read`, its content) together with the product's own
 * sections of the page's main region (`region`, a fresh parse) that it left out: its details,
 * specifications, features, ingredients, the questions about it ({@link isProductSection}). Readability
 * takes one run of prose, the product's description, and a shop lays the rest of the product out
 * in tabs and accordions beside it, each too short to be read. A section is added when the reading
 * holds less than half of its words, it says more than its headings (a carousel's heading whose
 * cards were dropped), it repeats no section added before (a template's mobile copy), and while the
 * sections added stay under the reading's own size: a block that outweighs the product's
 * description is no tab of it (a marketplace's shop, its feedback). Returns a new element of the
 * region's document holding the reading and the sections in page order (moved into it), or null
 * when nothing was left out.
 */
export function withMissedProductSections(read: Element, region: Element): Element | null {
  const readText = read.textContent ?? '';
  const readWords = lowerCaseWords(readText);
  const knownWords = new Set(readWords);
  const knownRuns = runsOf(readWords);
  const budget = MAX_ADDED_SHARE * countWordCharacters(readText);
  const sections: Element[] = [];
  const added = new Set<string>();
  let used = 0;
  for (const node of nodesUnder(region, 'elements', isInvisible)) {
    const element = node as Element;
    if (isInvisible(element) || sections.some((section) => section.contains(element))) continue;
    if (!isProductSection(element)) continue;
    const text = visibleTextOf(element);
    const words = lowerCaseWords(text);
    const editorial = isEditorialSection(element);
    if (isRead(words, knownWords, editorial ? knownRuns : undefined)) continue;
    const key = words.join(' ');
    const size = countWordCharacters(text);
    // The publisher's own text about the product (a book's blurbs, its author, an excerpt) is the
    // product's, however long: the cap is for a marketplace's blocks named like the product's tabs.
    if (added.has(key) || (!editorial && used + size > budget) || !saysMoreThanHeadings(element, size))
      continue;
    added.add(key);
    if (!editorial) used += size;
    sections.push(element);
  }
  if (sections.length === 0) return null;
  const joined = region.ownerDocument.createElement('div');
  joined.innerHTML = read.innerHTML;
  joined.append(...sections);
  region.ownerDocument.body.append(joined);
  return joined;
}

/** Words read together: a long section is in the reading when its runs of words are. */
const RUN_WORDS = 3;
/** A section of at least this many words is looked for by its runs of words, a shorter one by its words. */
const MIN_RUNS_SECTION_WORDS = 40;

/**
 * True when the reading holds half of a section: of its words, or of its runs of three words when
 * `knownRuns` is given and the section is long. A long text shares most of its words with any other
 * text of its language ("the", "and", the product's name): a publisher's reviews of a book read as
 * half read beside its description. Runs are used for editorial sections only: for every long
 * section they also added marketing captions no truth keeps (held-out product 0.587 → 0.581).
 */
function isRead(
  words: readonly string[],
  knownWords: Set<string>,
  knownRuns: Set<string> | undefined,
): boolean {
  if (knownRuns === undefined || words.length < MIN_RUNS_SECTION_WORDS) {
    return words.filter((word) => knownWords.has(word)).length >= READ_SHARE * words.length;
  }
  const runs = [...runsOf(words)];
  return runs.filter((run) => knownRuns.has(run)).length >= READ_SHARE * runs.length;
}

/** The runs of {@link RUN_WORDS} words of `words` (the words alone when fewer). */
function runsOf(words: readonly string[]): Set<string> {
  if (words.length < RUN_WORDS) return new Set(words);
  const runs = new Set<string>();
  for (let index = 0; index + RUN_WORDS <= words.length; index += 1) {
    runs.add(words.slice(index, index + RUN_WORDS).join(' '));
  }
  return runs;
}

function saysMoreThanHeadings(section: Element, size: number): boolean {
  const headings = Array.from(section.querySelectorAll(HEADING_SELECTOR));
  return size > headings.reduce((sum, heading) => sum + countWordCharacters(visibleTextOf(heading)), 0);
}
