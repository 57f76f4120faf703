import type * as Jsdom from 'jsdom';
import { parseHTML } from 'linkedom';
import { dropAnswerRemarks } from './answer-remarks.js';
import { placeAsyncFragments } from './async-fragments.js';
import { dropDataText } from './data-text.js';
import { dropHiddenWidgets } from './hidden-widgets.js';
import { liftWrappedHeadings } from './lift-headings.js';
import { dropPosterCardFacts } from './poster-cards.js';
import { placeStreamedSegments } from './streamed-segments.js';
import { unlinkQuoteCitations } from './quote-citation.js';

/**
 * Tags linkedom's tokenizer (htmlparser2) takes for `<xmp>`, `<title>` or `<textarea>` because it
 * compares only their last letters (`<tmp>`, used by the Times of India): everything after one
 * becomes text. Renamed to a harmless custom element before parsing.
 */
const RAW_TEXT_LOOKALIKE = /<(\/?)(tmp|xitle|xextarea)(?=[\s/>])/gi;

let jsdom: Promise<typeof Jsdom> | undefined;
let jsdomLoaded: (() => void) | undefined;

/**
 * `callback` runs when this thread has loaded jsdom for the first time, inside a page's conversion:
 * loading its modules (about a second, several on a busy machine) is the thread's cost, not the
 * page's, so the page pool restarts the page's time limit then (once a worker).
 */
export function onJsdomLoaded(callback: () => void): void {
  jsdomLoaded = callback;
}

/** The DOM implementation Readability runs on. */
export type DomImplementation = 'linkedom' | 'jsdom';

/**
 * Parses a page into a DOM document, React's streamed segments and Marko's async fragments put in
 * place ({@link placeStreamedSegments}, {@link placeAsyncFragments}), its wrapped headings lifted ({@link liftWrappedHeadings}) and
 * the remarks under a Q&A page's answers removed ({@link dropAnswerRemarks}) with the facts of its posters' cards
 * ({@link dropPosterCardFacts}), and a script's JSON state parked in an element gone
 * ({@link dropDataText}), and the widgets its style sheet hides ({@link dropHiddenWidgets}). linkedom is the default (about 8× faster than jsdom with a
 * fifth of the memory); jsdom is loaded on first use only, as the slower, more exact fallback.
 */
export async function loadDom(
  html: string,
  dom: DomImplementation,
  url: string | undefined,
): Promise<Document> {
  switch (dom) {
    case 'linkedom':
      return parseWithLinkedom(html);
    case 'jsdom': {
      // One load a thread, however many pages ask for it at once: the notice comes once.
      jsdom ??= import('jsdom').then((module) => {
        jsdomLoaded?.();
        return module;
      });
      const { JSDOM, VirtualConsole } = await jsdom;
      // No scripts, no resource loading, no console noise: the page is only read.
      const options = url === undefined ? {} : { url };
      const { document } = new JSDOM(html, { ...options, virtualConsole: new VirtualConsole() }).window;
      return settled(document, html);
    }
  }
}

/** Parses a page with linkedom (synchronously; {@link loadDom} with `linkedom`). */
export function parseWithLinkedom(html: string): Document {
  const source = html.replace(RAW_TEXT_LOOKALIKE, '<$1transmute-$2');
  let { document } = parseHTML(source);
  // linkedom builds a broken tree from a fragment (text or elements before <html>): wrap it.
  if (!isWholeDocument(document))
    document = parseHTML(`<!DOCTYPE html><html><head></head><body>${source}</body></html>`).document;
  return settled(document, source);
}

/**
 * The page as a reader sees it once its scripts have run, whichever DOM parsed it: streamed
 * segments and async fragments in place, wrapped headings lifted, answer remarks, poster-card
 * facts, parked JSON state and hidden widgets gone. `html` is the parsed markup (each step skips a
 * page that shows none of its markers).
 */
function settled(document: Document, html: string): Document {
  placeStreamedSegments(document, html);
  placeAsyncFragments(document, html);
  liftWrappedHeadings(document);
  dropAnswerRemarks(document, html);
  dropPosterCardFacts(document, html);
  unlinkQuoteCitations(document, html);
  dropDataText(document, html);
  dropHiddenWidgets(document, html);
  return document;
}

function isWholeDocument(document: Document): boolean {
  const root = document.documentElement as Element | null;
  return root?.localName === 'html' && document.body?.parentNode === root;
}
