import { nodesUnder } from './dom-walk.js';

/** The openings looked for: a tag's end and a brace or bracket. */
const OPENINGS = ['>{', '>['];
/** A tag's end followed by the opening of a JSON object or array (`>{"asins":[`, quotes escaped or not). */
const DATA_OPENING = /^>[[{]\s*(?:"|&quot;|[[{])/;
/** The start of the tag that opening ends, when it is no script, style, template or code block. */
const SHOWN_TAG = /^<(?!script\b|style\b|template\b|pre\b|code\b|textarea\b|samp\b|xmp\b)[a-z]/i;
/** Elements whose text is shown as written: a JSON sample there is what the page shows. */
const LITERAL_TAGS = new Set([
  'pre',
  'code',
  'samp',
  'kbd',
  'textarea',
  'xmp',
  'script',
  'style',
  'template',
]);
/** A data text is at least this long: `[]` or `{"a":1}` in a sentence's place is too little to judge. */
const MIN_DATA_CHARACTERS = 80;
const TEXT_NODE = 3;
/** A text that may be JSON opens with a brace or bracket. */
const OPENS_DATA = /^\s*[[{]/;

/**
 * Removes elements whose whole text is a JSON object or array: a script's state parked in a hidden
 * element (a shop's grid keeps its item ids and options as `<div class="grid-state hidden">{"asins":
 * […]}</div>` and shows the grid beside it). A browser hides it with the page's styles, which are
 * not read here; Readability took its long unbroken text for the article and the grid beside it was
 * lost (amazon's category page read as a heading and one line). Text in a code block (`<pre>`,
 * `<code>`) stays: a documentation page's JSON sample is its content. Only text that parses as JSON
 * goes, so a sentence in braces stays. `html` is the page's markup, read only to skip pages without
 * such an element.
 */
export function dropDataText(document: Document, html: string): number {
  const body = document.body as Element | null;
  if (body === null || !showsDataMarkup(html)) return 0;
  const data: Element[] = [];
  for (const node of nodesUnder(body, 'elements', (element) => LITERAL_TAGS.has(element.localName))) {
    const element = node as Element;
    if (!LITERAL_TAGS.has(element.localName) && isDataText(element)) data.push(element);
  }
  for (const element of data) element.remove();
  return data.length;
}

/**
 * Text and nothing else (linkedom may split it at each character reference) that parses as a JSON
 * object or array.
 */
function isDataText(element: Element): boolean {
  const first = element.firstChild;
  if (first === null || first.nodeType !== TEXT_NODE || !OPENS_DATA.test(first.nodeValue ?? '')) return false;
  const nodes = element.childNodes;
  for (let index = 1; index < nodes.length; index += 1) {
    if (nodes[index]?.nodeType !== TEXT_NODE) return false;
  }
  const text = (element.textContent ?? '').trim();
  if (text.length < MIN_DATA_CHARACTERS) return false;
  const opens = text[0];
  const closes = text[text.length - 1];
  if (!((opens === '{' && closes === '}') || (opens === '[' && closes === ']'))) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when the markup holds an element other than a script, style, template or code block whose
 * text opens with a JSON object or array right after its tag: only pages showing one are walked.
 * Found by `indexOf` (half the CPU time of one regular expression over the page).
 */
function showsDataMarkup(html: string): boolean {
  for (const opening of OPENINGS) {
    for (let at = html.indexOf(opening); at >= 0; at = html.indexOf(opening, at + opening.length)) {
      if (!DATA_OPENING.test(html.slice(at, at + 12))) continue;
      const tagStart = html.lastIndexOf('<', at);
      if (tagStart >= 0 && SHOWN_TAG.test(html.slice(tagStart, tagStart + 12))) return true;
    }
  }
  return false;
}
