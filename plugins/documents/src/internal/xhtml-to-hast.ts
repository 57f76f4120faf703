import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import { h } from 'hastscript';
import { parsePlainXml } from './parse-plain-xml.js';
import { MAXIMUM_XML_DEPTH } from './parse-xml.js';
import type { XmlElement, XmlNode } from './xml-element.js';

/** An XML declaration, comments and an HTML DOCTYPE (no internal subset) before `<html>`. */
const PROLOG = /^((?:<\?xml[^>]*\?>)?\s*(?:<!--[\s\S]*?-->\s*)*)(<!DOCTYPE\s+html\b[^[>]*>)?/i;

/**
 * Elements an HTML parser reads in ways an XML reading does not: raw text and foreign content,
 * forms, frames, renamed or special-cased tags. A document holding any goes through parse5.
 */
const PARSE5_ONLY = new Set([
  ...['script', 'style', 'noscript', 'template', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes'],
  ...['plaintext', 'svg', 'select', 'option', 'optgroup', 'form', 'button', 'input'],
  ...['frameset', 'frame', 'image', 'isindex', 'nobr', 'object', 'applet', 'marquee', 'listing'],
  ...['html', 'head', 'body', 'keygen', 'menuitem', 'rb', 'rp', 'rt', 'rtc', 'ruby', 'col', 'colgroup'],
]);
/** Start tags that close an open `<p>` (WHATWG tree construction, "in body"; `table` in no-quirks mode). */
const CLOSES_P = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl'],
  ...['fieldset', 'figcaption', 'figure', 'footer', 'header', 'hgroup', 'main', 'menu', 'nav', 'ol'],
  ...['p', 'search', 'section', 'summary', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'listing'],
  ...['form', 'li', 'dd', 'dt', 'plaintext', 'table', 'hr', 'xmp'],
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/**
 * MathML's presentation elements, read by an HTML parser as foreign content that keeps the tree
 * as written. Not `annotation-xml` (an HTML integration point) and no HTML element, which would
 * break out of the `math` element.
 */
const MATHML = new Set([
  ...['math', 'mrow', 'mfrac', 'msqrt', 'mroot', 'msub', 'msup', 'msubsup', 'munder', 'mover'],
  ...['munderover', 'mmultiscripts', 'mprescripts', 'none', 'mtable', 'mtr', 'mtd', 'mlabeledtr'],
  ...['mstyle', 'mspace', 'mpadded', 'mphantom', 'menclose', 'mfenced', 'merror', 'maction'],
  ...['semantics', 'annotation', 'mi', 'mo', 'mn', 'ms', 'mtext'],
]);
/** MathML's text integration points: an element in one is read as HTML, so only text is kept as written. */
const MATHML_TEXT = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation']);
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'embed',
  'hr',
  'img',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const IN_HEAD = new Set(['title', 'meta', 'link', 'base']);
/** What each table part may hold (white space apart) for the parser to build the tree as written. */
const TABLE_CHILDREN: Readonly<Record<string, ReadonlySet<string>>> = {
  table: new Set(['caption', 'thead', 'tbody', 'tfoot', 'tr']),
  thead: new Set(['tr']),
  tbody: new Set(['tr']),
  tfoot: new Set(['tr']),
  tr: new Set(['td', 'th']),
};
const TABLE_PARTS = new Set(['caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
const PARENT_OF = { li: new Set(['ul', 'ol', 'menu']), dd: new Set(['dl']), dt: new Set(['dl']) };
const TAG_NAME = /<([A-Za-z][^\s/>]*)/y;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const SLASH = 0x2f;
const GREATER_THAN = 0x3e;
/**
 * White space in an attribute value, which XML turns into spaces and HTML keeps (read to the first
 * such character after an opening quote, never backtracking; the same in text only sends the
 * document to parse5).
 */
const SPACE_IN_ATTRIBUTE = /=[\t\n\r ]*(?:"[^"<\t\n\r]*[\t\n\r]|'[^'<\t\n\r]*[\t\n\r])/;
/** Character references HTML maps to windows-1252 characters (`&#150;` is "–"), XML does not. */
const C1_REFERENCE = /&#(?:x0*[89][0-9a-f]|0*1(?:2[89]|[3-5][0-9]));/i;
const ONLY_SPACE = /^[\t\n\f\r ]*$/;
const XML_SPACE = new Set([0x09, 0x0a, 0x0d, 0x20]);
const STANDARDS_DOCTYPE =
  /^<!DOCTYPE\s+html(?:\s+PUBLIC\s+"-\/\/W3C\/\/DTD XHTML 1\.(?:1|0 Strict)\/\/EN"(?:\s+"[^"]*")?)?\s*>$/i;
const LIMITED_QUIRKS_DOCTYPE =
  /^<!DOCTYPE\s+html\s+PUBLIC\s+"-\/\/W3C\/\/DTD XHTML 1\.0 (?:Transitional|Frameset)\/\/EN"(?:\s+"[^"]*")?\s*>$/i;

/** Whether parse5 reads the document in (limited) quirks mode (hast's `quirksMode`); undefined for other DOCTYPEs. */
function quirksOf(doctype: string): boolean | undefined {
  if (STANDARDS_DOCTYPE.test(doctype)) return false;
  return LIMITED_QUIRKS_DOCTYPE.test(doctype) ? true : undefined;
}

/**
 * An element other than a void one written self-closed (`<div/>`), which HTML reads as a start
 * tag. One pass: each tag read to its first `>` outside a quoted value, never read twice.
 */
function selfClosesNonVoid(xml: string): boolean {
  let at = xml.indexOf('<');
  while (at >= 0) {
    TAG_NAME.lastIndex = at;
    const name = TAG_NAME.exec(xml)?.[1];
    let end = at + 1;
    if (name !== undefined) {
      let quote = 0;
      for (end = at + 1 + name.length; end < xml.length; end += 1) {
        const code = xml.charCodeAt(end);
        if (quote !== 0) {
          if (code === quote) quote = 0;
        } else if (code === QUOTE || code === APOSTROPHE) quote = code;
        else if (code === GREATER_THAN) break;
      }
      if (xml.charCodeAt(end - 1) === SLASH && !VOID.has(name)) return true;
    }
    at = xml.indexOf('<', end);
  }
  return false;
}

class NotPlain extends Error {}

const notPlain = (): never => {
  throw new NotPlain();
};

/** How many `<p>`, `<a>` and headings are open above an element (counted, not searched for). */
interface Open {
  p: number;
  a: number;
  heading: number;
}

const noneOpen = (): Open => ({ p: 0, a: 0, heading: 0 });

/** The checks an element's place needs for an HTML parser to leave it where XML put it. */
function checkPlace(name: string, open: Open, parent: string): void {
  if (PARSE5_ONLY.has(name) || !/^[a-z][a-z0-9-]*$/.test(name)) notPlain();
  // An open `<p>`, heading or link is closed by these; an `li`, `dd` or `dt` by its own kind.
  if (CLOSES_P.has(name) && open.p > 0) notPlain();
  if (HEADINGS.has(name) && open.heading > 0) notPlain();
  if (name === 'a' && open.a > 0) notPlain();
  if (name === 'li' || name === 'dd' || name === 'dt') {
    const lists = PARENT_OF[name];
    if (!lists.has(parent)) notPlain();
  }
  if (TABLE_PARTS.has(name) && !(TABLE_CHILDREN[parent]?.has(name) ?? false)) notPlain();
  if (parent in TABLE_CHILDREN && !(TABLE_CHILDREN[parent]?.has(name) ?? false)) notPlain();
}

/** Adds `step` to the counts `name` takes part in. */
function count(open: Open, name: string, step: number): void {
  if (name === 'p') open.p += step;
  else if (name === 'a') open.a += step;
  else if (HEADINGS.has(name)) open.heading += step;
}

function toHastChildren(parent: XmlElement, open: Open): ElementContent[] {
  const children: ElementContent[] = [];
  const tableLike = parent.name in TABLE_CHILDREN;
  let first = true;
  for (const child of parent.children) {
    if (typeof child === 'string') {
      // Text in a table part (not a cell) is moved out of the table by an HTML parser.
      if (tableLike && !ONLY_SPACE.test(child)) notPlain();
      // `<pre>` drops the line break right after its start tag.
      const value = first && parent.name === 'pre' && child.startsWith('\n') ? child.slice(1) : child;
      if (value !== '') children.push({ type: 'text', value });
    } else children.push(toHastElement(child, open, parent.name));
    first = false;
  }
  if (!tableLike || parent.name !== 'table') return children;
  return withImplicitBody(children);
}

/** Rows written straight in a table go in a `tbody` the parser adds, with the white space after them. */
function withImplicitBody(children: ElementContent[]): ElementContent[] {
  const result: ElementContent[] = [];
  let body: Element | undefined;
  for (const child of children) {
    if (child.type === 'element' && child.tagName !== 'tr') body = undefined;
    else if (body === undefined && child.type === 'element') {
      body = h('tbody', {}, []);
      result.push(body);
    }
    (body?.children ?? result).push(child);
  }
  return result;
}

/**
 * A `math` element, built as parse5 builds foreign content: every element MathML's (lower-case
 * attribute names), and text only in its token elements.
 */
function toHastMath(element: XmlElement): Element {
  if (!MATHML.has(element.name)) notPlain();
  const text = MATHML_TEXT.has(element.name);
  const children: ElementContent[] = [];
  for (const child of element.children) {
    if (typeof child === 'string') {
      if (child !== '') children.push({ type: 'text', value: child });
    } else if (text) notPlain();
    else children.push(toHastMath(child));
  }
  return hastElement(element.name, propertiesOf(element), children);
}

/** An element's attributes as hast properties, as HTML names them (else not plain). */
function propertiesOf(element: XmlElement): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [attribute, value] of Object.entries(element.attributes)) {
    // HTML lower-cases attribute names; hast-util-from-parse5 skips `Object.prototype`'s names.
    if (attribute !== attribute.toLowerCase() || attribute in Object.prototype) notPlain();
    properties[attribute] = value;
  }
  return properties;
}

/**
 * `h(name, properties, children)`, built directly for an element without attributes (most of a
 * chapter's): hastscript's selector parsing and child copying were a tenth of reading one. A name
 * with a `.` still goes through `h`, which reads it as a selector (`a.b` is an `a` of class `b`).
 */
function hastElement(name: string, properties: Record<string, string>, children: ElementContent[]): Element {
  if (name.includes('.') || Object.keys(properties).length > 0) return h(name, properties, children);
  return { type: 'element', tagName: name.toLowerCase(), properties: {}, children };
}

function toHastElement(element: XmlElement, open: Open, parent: string): Element {
  const { name } = element;
  if (name === 'math' && !(parent in TABLE_CHILDREN)) return toHastMath(element);
  checkPlace(name, open, parent);
  if (VOID.has(name) && element.children.length > 0) notPlain();
  const properties = propertiesOf(element);
  count(open, name, 1);
  const children = toHastChildren(element, open);
  count(open, name, -1);
  return hastElement(name, properties, children);
}

/** `head` with what an HTML parser keeps in it (title, meta, link, base and white space). */
function toHead(head: XmlElement): Element {
  for (const child of head.children) {
    // Text in the head (not white space) would start the body.
    if (typeof child === 'string') {
      if (!ONLY_SPACE.test(child)) notPlain();
      continue;
    }
    if (!IN_HEAD.has(child.name)) notPlain();
    if (child.name === 'title' && child.children.some((node) => typeof node !== 'string')) notPlain();
  }
  const children: ElementContent[] = head.children.map((child) =>
    typeof child === 'string'
      ? { type: 'text', value: child }
      : child.name === 'title'
        ? h('title', { ...child.attributes }, child.children.length > 0 ? stringsOf(child.children) : [])
        : toHastElement(child, noneOpen(), 'head'),
  );
  return h('head', { ...head.attributes }, children);
}

/**
 * The white space after the root element (which HTML puts in the body), comments apart: read from
 * the end, as the XML reader allowed only white space and comments there (and no `--` in one).
 */
function spaceAfterRoot(xml: string): string {
  const pieces: string[] = [];
  let end = xml.length;
  for (;;) {
    let start = end;
    while (start > 0 && XML_SPACE.has(xml.charCodeAt(start - 1))) start -= 1;
    pieces.unshift(xml.slice(start, end));
    if (!xml.endsWith('-->', start)) return pieces.join('');
    end = xml.lastIndexOf('<!--', start - 3);
  }
}

/** The text of nodes known to be text (the checks before let no element through). */
const stringsOf = (nodes: readonly XmlNode[]): string =>
  nodes.map((node) => (typeof node === 'string' ? node : '')).join('');

const isSpaceText = (node: XmlNode): boolean => typeof node === 'string' && ONLY_SPACE.test(node);

/**
 * The tree parse5 builds (through hast-util-from-parse5) for an XHTML document that is plain XML
 * written the way an HTML parser reads it as written: `<html>` holding `<head>` and `<body>`, no
 * entity past XML's five, no element an HTML parser moves, closes, renames or reads as raw text
 * (see the checks above), no `<div/>` (a start tag to HTML). Else `undefined`, for parse5.
 * Comments are left out (`cleanHtmlTree` drops them), as is white space the parser would ignore.
 */
export function xhtmlToHast(xhtml: string): HastRoot | undefined {
  if (xhtml.startsWith('\uFEFF')) return undefined;
  const prolog = PROLOG.exec(xhtml);
  const doctype = prolog?.[2];
  const quirks = doctype === undefined ? true : quirksOf(doctype);
  if (prolog === null || quirks === undefined) return undefined;
  const body = xhtml.slice(prolog[0].length);
  if (SPACE_IN_ATTRIBUTE.test(body) || (body.includes('&#') && C1_REFERENCE.test(body))) return undefined;
  if (body.includes('</br') || selfClosesNonVoid(body)) return undefined;
  const root = parsePlainXml(prolog[1] + body, MAXIMUM_XML_DEPTH);
  if (root === undefined || root.name !== 'html') return undefined;
  const parts = root.children.filter((child) => !isSpaceText(child));
  const [head, main] = parts;
  if (parts.length !== 2 || typeof head === 'string' || typeof main === 'string') return undefined;
  if (head?.name !== 'head' || main?.name !== 'body') return undefined;
  try {
    const children: RootContent[] = [];
    if (doctype !== undefined) children.push({ type: 'doctype' });
    // White space between head and body stays in `html`; after the body it goes into the body.
    const headAt = root.children.indexOf(head);
    const bodyAt = root.children.indexOf(main);
    const between = stringsOf(root.children.slice(headAt + 1, bodyAt));
    const after = stringsOf(root.children.slice(bodyAt + 1)) + spaceAfterRoot(body);
    const bodyElement = h('body', { ...main.attributes }, toHastChildren(main, noneOpen()));
    if (after !== '') {
      const last = bodyElement.children.at(-1);
      if (last?.type === 'text') last.value += after;
      else bodyElement.children.push({ type: 'text', value: after });
    }
    const htmlChildren: ElementContent[] = [toHead(head)];
    if (between !== '') htmlChildren.push({ type: 'text', value: between });
    htmlChildren.push(bodyElement);
    children.push(h('html', { ...root.attributes }, htmlChildren));
    return { type: 'root', children, data: { quirksMode: quirks } };
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
}
