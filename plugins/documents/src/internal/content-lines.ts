import { TransmuteError } from '@transmute/plugin-sdk';

/**
 * One property of an iCalendar or vCard object (`NAME;PARAM=a,b:value`): the name upper-cased,
 * parameter names upper-cased with their values unquoted, and the value as written (escapes kept:
 * only a TEXT value is unescaped, by {@link textValue}); quoted-printable values (vCard 2.1) are
 * already decoded with their charset.
 */
export interface ContentProperty {
  name: string;
  params: Readonly<Record<string, readonly string[]>>;
  value: string;
}

/** A `BEGIN:X` … `END:X` block: its properties in order and the blocks inside it. */
export interface ContentComponent {
  name: string;
  properties: ContentProperty[];
  components: ContentComponent[];
}

/** Deeper nesting than this is no calendar or address book (VCALENDAR › VEVENT › VALARM is three). */
const MAXIMUM_DEPTH = 16;

/** A property written in quoted-printable (vCard 2.1): its name and parameters say so. */
const QUOTED_PRINTABLE = /;(?:ENCODING=)?QUOTED-PRINTABLE[;:]/i;

/**
 * Content lines as written: a line starting with a space or tab continues the one before (RFC 5545
 * §3.1, RFC 6350 §3.2: the fold and that one character are removed), and a quoted-printable value
 * ending in `=` continues on the next line (vCard 2.1's soft line break). Linear in the text: a
 * logical line is gathered as pieces and joined once (a photo folded into thousands of lines).
 */
export function unfoldContentLines(text: string): string[] {
  const lines: string[] = [];
  let pieces: string[] = [];
  let quotedPrintable = false;
  let softBreak = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (pieces.length > 0 && (line.startsWith(' ') || line.startsWith('\t'))) {
      pieces.push(line.slice(1));
    } else if (pieces.length > 0 && softBreak) {
      pieces.push(pieces.pop()?.slice(0, -1) ?? '', line);
    } else {
      if (pieces.length > 0) lines.push(pieces.join(''));
      pieces = line.trim() === '' ? [] : [line];
      quotedPrintable = QUOTED_PRINTABLE.test(line.slice(0, line.indexOf(':') + 1));
    }
    softBreak = quotedPrintable && (pieces.at(-1) ?? '').endsWith('=');
  }
  if (pieces.length > 0) lines.push(pieces.join(''));
  return lines;
}

/** Index of the first `separator` outside double quotes at or after `from`, or -1. */
function indexOutsideQuotes(text: string, separator: string, from: number): number {
  let quoted = false;
  for (let index = from; index < text.length; index++) {
    const character = text[index];
    if (character === '"') quoted = !quoted;
    else if (!quoted && character === separator) return index;
  }
  return -1;
}

/** Splits at every `separator` outside double quotes. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (
    let at = indexOutsideQuotes(text, separator, 0);
    at !== -1;
    at = indexOutsideQuotes(text, separator, start)
  ) {
    parts.push(text.slice(start, at));
    start = at + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

const unquote = (value: string): string =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;

/** Bytes of a quoted-printable value (`=C3=A9` → 0xC3 0xA9), other characters as their latin1 byte. */
function quotedPrintableBytes(value: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index++) {
    const hex = value[index] === '=' ? value.slice(index + 1, index + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(value.charCodeAt(index) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decoderFor(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * One content line → a property, or undefined when it has no `:` (no property at all). A vCard 2.1
 * parameter without a name (`TEL;WORK;VOICE:`) is a TYPE; a group prefix (`item1.EMAIL`) is dropped.
 */
export function parseContentLine(line: string): ContentProperty | undefined {
  const colon = indexOutsideQuotes(line, ':', 0);
  if (colon <= 0) return undefined;
  const [rawName = '', ...rawParams] = splitOutsideQuotes(line.slice(0, colon), ';');
  const name = rawName
    .replace(/^[A-Za-z0-9-]+\./, '')
    .trim()
    .toUpperCase();
  if (name === '') return undefined;
  const params: Record<string, string[]> = {};
  for (const raw of rawParams) {
    const equals = raw.indexOf('=');
    const key = equals === -1 ? 'TYPE' : raw.slice(0, equals).trim().toUpperCase();
    const values = equals === -1 ? [raw] : splitOutsideQuotes(raw.slice(equals + 1), ',');
    (params[key] ??= []).push(
      ...values.map((value) => unquote(value.trim())).filter((value) => value !== ''),
    );
  }
  let value = line.slice(colon + 1);
  const encoding = params['ENCODING']?.[0]?.toUpperCase();
  const quotedPrintable =
    encoding === 'QUOTED-PRINTABLE' ||
    params['TYPE']?.some((type) => type.toUpperCase() === 'QUOTED-PRINTABLE');
  if (quotedPrintable) value = decoderFor(params['CHARSET']?.[0]).decode(quotedPrintableBytes(value));
  return { name, params, value };
}

/**
 * The `BEGIN`/`END` blocks of an iCalendar (RFC 5545) or vCard (RFC 6350, 3.0 and 2.1) text, in
 * order; properties outside any block are ignored. A block left open at the end of the file is
 * closed there (a cut-off download still reads), an `END` that closes nothing is ignored, and an
 * `END` naming an outer block closes the ones inside it.
 *
 * @throws TransmuteError `corrupt_file` past {@link MAXIMUM_DEPTH} nested blocks.
 */
export function parseContentComponents(text: string): ContentComponent[] {
  const roots: ContentComponent[] = [];
  const open: ContentComponent[] = [];
  for (const line of unfoldContentLines(text)) {
    const property = parseContentLine(line);
    if (property === undefined) continue;
    if (property.name === 'BEGIN') {
      if (open.length >= MAXIMUM_DEPTH)
        throw new TransmuteError(
          'corrupt_file',
          `Blocks are nested more than ${String(MAXIMUM_DEPTH)} deep.`,
        );
      const component: ContentComponent = {
        name: property.value.trim().toUpperCase(),
        properties: [],
        components: [],
      };
      (open.at(-1)?.components ?? roots).push(component);
      open.push(component);
    } else if (property.name === 'END') {
      const name = property.value.trim().toUpperCase();
      const at = open.map((component) => component.name).lastIndexOf(name);
      if (at !== -1) open.length = at;
    } else {
      open.at(-1)?.properties.push(property);
    }
  }
  return roots;
}

/** The first property of this name, if any. */
export function propertyOf(component: ContentComponent, name: string): ContentProperty | undefined {
  return component.properties.find((property) => property.name === name);
}

/** Every property of this name, in order. */
export function propertiesOf(component: ContentComponent, name: string): ContentProperty[] {
  return component.properties.filter((property) => property.name === name);
}

/**
 * A TEXT value unescaped (`\n` and `\N` a line break, `\,` `\;` `\\` the character), split at its
 * unescaped `separator` when one is given (a list or a structured value: `N`, `ADR`, `CATEGORIES`).
 */
export function textValues(value: string, separator?: ',' | ';'): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < value.length; index++) {
    const character = value[index] ?? '';
    if (character === '\\' && index + 1 < value.length) {
      const next = value[index + 1] ?? '';
      current += next === 'n' || next === 'N' ? '\n' : next;
      index += 1;
    } else if (character === separator) {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts;
}

/** A TEXT value unescaped and trimmed ({@link textValues} without a separator). */
export function textValue(value: string): string {
  return (textValues(value)[0] ?? '').trim();
}

/** The TEXT value of the first property of this name, unescaped and trimmed, if there is one. */
export function textOf(component: ContentComponent, name: string): string | undefined {
  const property = propertyOf(component, name);
  return property === undefined ? undefined : textValue(property.value);
}
