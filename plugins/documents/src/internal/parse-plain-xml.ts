import { NO_ATTRIBUTES, type XmlElement } from './xml-element.js';

const XML_DECLARATION =
  /^<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.0\1(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(?:yes|no)\3)?[ \t\n]*\?>/;
/** Characters XML 1.0 forbids anywhere (`Char`), lone surrogates (`\p{Cs}` in a `u` pattern) among them. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NOT_XML_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF\p{Cs}]/u;
/** ASCII name characters: 1 may start a name, 2 may only follow (digits, `-`, `.`). */
const NAME_CHARS = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) {
  const char = String.fromCharCode(code);
  if (/[A-Za-z_:]/.test(char)) NAME_CHARS[code] = 1;
  else if (/[-0-9.]/.test(char)) NAME_CHARS[code] = 2;
}
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));/y;
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const AMPERSAND = 0x26;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09;
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** Thrown inside the parse when the text leaves the subset read here; the caller's parser takes over. */
class OutsideSubset extends Error {}

const outside = (): never => {
  throw new OutsideSubset();
};

/**
 * Names read in the current parse, by a hash of their first and last characters and length: names
 * repeat, so one string each is found again without slicing or hashing the text. One table for
 * every parse, emptied after each (a name sliced from a part would keep the part's text alive): a
 * table allocated per parse was a tenth of the bytes an e-book's reading allocates.
 */
const KNOWN_NAMES: (string | undefined)[] = new Array<string | undefined>(1024);

/**
 * A part's XML read into the tree `parseXml` builds, in one pass over a string, for the markup
 * package parts are written in: ASCII names, the five predefined entities and character
 * references, comments, an XML 1.0 declaration. Anything else (a DTD, CDATA, a processing
 * instruction, non-ASCII names, XML 1.1, a disallowed character) and anything malformed returns
 * `undefined`, for saxes to read and judge: this never accepts what saxes refuses, and builds for
 * what it accepts the tree saxes' events build (line breaks normalized, white space in attribute
 * values as spaces, a text node between any two pieces of markup). saxes, built for streams, reads
 * a character at a time and was most of a small document's time.
 */
export function parsePlainXml(xml: string, maximumDepth: number): XmlElement | undefined {
  let source = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  if (source.includes('\r')) source = source.replace(/\r\n?/g, '\n');
  if (NOT_XML_CHAR.test(source)) return undefined;
  try {
    return new PlainXmlReader(source, maximumDepth).read();
  } catch (error) {
    if (error instanceof OutsideSubset) return undefined;
    throw error;
  } finally {
    KNOWN_NAMES.fill(undefined);
  }
}

class PlainXmlReader {
  private at = 0;

  constructor(
    private readonly xml: string,
    private readonly maximumDepth: number,
  ) {}

  read(): XmlElement {
    const declaration = XML_DECLARATION.exec(this.xml);
    if (declaration !== null) this.at = declaration[0].length;
    else if (this.xml.startsWith('<?xml')) outside();
    this.skipMisc();
    if (this.xml.charCodeAt(this.at) !== LT) outside();
    const root = this.element();
    this.skipMisc();
    if (this.at !== this.xml.length) outside();
    return root;
  }

  /** White space and comments outside the root element. */
  private skipMisc(): void {
    const { xml } = this;
    for (;;) {
      while (isSpace(xml.charCodeAt(this.at))) this.at += 1;
      if (!xml.startsWith('<!--', this.at)) return;
      this.skipComment();
    }
  }

  private skipComment(): void {
    const end = this.xml.indexOf('-->', this.at + 4);
    if (end < 0) outside();
    const body = this.xml.slice(this.at + 4, end);
    if (body.includes('--') || body.endsWith('-')) outside();
    this.at = end + 3;
  }

  private name(): string {
    const { xml } = this;
    const start = this.at;
    if (NAME_CHARS[xml.charCodeAt(start)] !== 1) outside();
    let end = start + 1;
    while ((NAME_CHARS[xml.charCodeAt(end)] ?? 0) > 0) end += 1;
    this.at = end;
    const slot = (xml.charCodeAt(start) * 31 + xml.charCodeAt(end - 1) * 7 + end - start) & 1023;
    const known = KNOWN_NAMES[slot];
    if (known?.length === end - start && xml.startsWith(known, start)) return known;
    const name = xml.slice(start, end);
    KNOWN_NAMES[slot] = name;
    return name;
  }

  /** The element at `<`, its descendants read with an explicit stack (a part may nest deeply). */
  private element(): XmlElement {
    const { xml } = this;
    const stack: XmlElement[] = [];
    let root: XmlElement | undefined;
    for (;;) {
      // At `<` of a start tag.
      this.at += 1;
      const element: XmlElement = { name: this.name(), attributes: this.attributes(), children: [] };
      stack.at(-1)?.children.push(element);
      root ??= element;
      if (xml.charCodeAt(this.at) === SLASH) {
        if (xml.charCodeAt(this.at + 1) !== GT) outside();
        this.at += 2;
      } else {
        this.at += 1;
        stack.push(element);
        if (stack.length >= this.maximumDepth) outside();
      }
      // Content until the next start tag, or until the stack empties.
      for (;;) {
        const open = stack.at(-1);
        if (open === undefined) return root;
        const lt = xml.indexOf('<', this.at);
        if (lt < 0) outside();
        if (lt > this.at) open.children.push(this.text(lt));
        this.at = lt;
        const next = xml.charCodeAt(lt + 1);
        if (next === SLASH) {
          this.at += 2;
          if (this.name() !== open.name) outside();
          while (isSpace(xml.charCodeAt(this.at))) this.at += 1;
          if (xml.charCodeAt(this.at) !== GT) outside();
          this.at += 1;
          stack.pop();
          if (open.children.length < 17) open.children = open.children.slice();
        } else if (next === 0x21) {
          if (!xml.startsWith('<!--', lt)) outside();
          this.skipComment();
        } else break;
      }
    }
  }

  /**
   * Attributes up to `>` or `/>` (left at it). A plain object, where saxes makes one without a
   * prototype (a dictionary, several times slower to fill): the readers only read names with a
   * prefix or their own (`w:val`, `id`), never one of `Object.prototype`'s.
   */
  private attributes(): Readonly<Record<string, string>> {
    const { xml } = this;
    let attributes: Record<string, string> | undefined;
    let count = 0;
    for (;;) {
      const start = this.at;
      while (isSpace(xml.charCodeAt(this.at))) this.at += 1;
      const code = xml.charCodeAt(this.at);
      if (code === GT || code === SLASH) {
        if (attributes === undefined) return NO_ATTRIBUTES;
        // A repeated name (saxes refuses it), or `__proto__`, which a plain object does not keep.
        if (Object.keys(attributes).length !== count) outside();
        return attributes;
      }
      // Attributes are separated by white space.
      if (this.at === start) outside();
      const name = this.name();
      while (isSpace(xml.charCodeAt(this.at))) this.at += 1;
      if (xml.charCodeAt(this.at) !== EQUALS) outside();
      this.at += 1;
      while (isSpace(xml.charCodeAt(this.at))) this.at += 1;
      const quote = xml.charCodeAt(this.at);
      if (quote !== QUOTE && quote !== APOSTROPHE) outside();
      let end = this.at + 1;
      let spaced = false;
      let referenced = false;
      for (let code = xml.charCodeAt(end); code !== quote; code = xml.charCodeAt(++end)) {
        if (code === LT || Number.isNaN(code)) outside();
        if (code === 0x0a || code === 0x09) spaced = true;
        else if (code === AMPERSAND) referenced = true;
      }
      let value = xml.slice(this.at + 1, end);
      this.at = end + 1;
      if (spaced) value = value.replace(/[\n\t]/g, ' ');
      if (referenced) value = decodeReferences(value);
      attributes ??= {};
      attributes[name] = value;
      count += 1;
    }
  }

  private text(end: number): string {
    const raw = this.xml.slice(this.at, end);
    if (raw.includes(']]>')) outside();
    return decodeReferences(raw);
  }
}

/** Entity and character references replaced; anything else after `&` leaves the subset. */
function decodeReferences(raw: string): string {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  let decoded = '';
  let from = 0;
  while (amp >= 0) {
    REFERENCE.lastIndex = amp;
    const match = REFERENCE.exec(raw);
    if (match === null) return outside();
    const [, named, decimal, hex] = match;
    let value: string;
    if (named !== undefined) value = PREDEFINED[named] ?? outside();
    else {
      const code = decimal === undefined ? Number.parseInt(hex ?? '', 16) : Number.parseInt(decimal, 10);
      if (!isXmlChar(code)) outside();
      value = String.fromCodePoint(code);
    }
    decoded += raw.slice(from, amp) + value;
    from = REFERENCE.lastIndex;
    amp = raw.indexOf('&', from);
  }
  return decoded + raw.slice(from);
}
