/** What every RTF file starts with: `{\rtf`. */
const RTF_MAGIC: Readonly<Buffer> = Buffer.from('{\\rtf');

/** Whether a file's first bytes are RTF's. */
export function startsAsRtf(head: Uint8Array): boolean {
  return RTF_MAGIC.every((byte, index) => head[index] === byte);
}

/** One lexical unit of an RTF file (RTF 1.9.1, "RTF Syntax"). */
export type RtfToken =
  | { kind: 'open' }
  | { kind: 'close' }
  /** A control word: `\b`, `\fs24`, `\u-3913` (`param` undefined when it has none). */
  | { kind: 'word'; name: string; param: number | undefined }
  /** A control symbol: `\~`, `\-`, `\*`, `\{`, … (the character after the backslash). */
  | { kind: 'symbol'; char: string }
  /** `\'hh`: one byte of text in the current code page. */
  | { kind: 'hex'; byte: number }
  /** A run of literal text bytes (line breaks, which RTF ignores, left out). */
  | { kind: 'text'; bytes: Uint8Array }
  /** `\binN` and its N bytes of binary data, skipped by count. */
  | { kind: 'binary' };

const BACKSLASH = 0x5c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const CR = 0x0d;
const LF = 0x0a;
const APOSTROPHE = 0x27;
/** The spec caps control words at 32 letters and parameters at 10 characters (sign included). */
const MAX_NAME = 32;
const MAX_PARAM_DIGITS = 10;

function isLetter(byte: number): boolean {
  return (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a);
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (isDigit(byte)) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

function isTextByte(byte: number): boolean {
  return byte !== BACKSLASH && byte !== OPEN && byte !== CLOSE && byte !== CR && byte !== LF && byte !== 0;
}

/** Control words by their letters: an RTF file repeats a few dozen of them thousands of times. */
const NAMES = new Map<number, string>();
/** The most names kept: the words RTF defines are some 1 500; a file may make up any number. */
const MAX_NAMES = 4096;

/** A control word's name (ASCII letters `from` to `to`), one string for each name. */
function nameOf(bytes: Uint8Array, from: number, to: number): string {
  // The letters as a number (6 bits each, after the length) while it stays exact in a double.
  if (to - from > 8) return String.fromCharCode(...bytes.subarray(from, to));
  let key = to - from;
  for (let index = from; index < to; index += 1) key = key * 64 + ((bytes[index] ?? 0) - 0x40);
  const known = NAMES.get(key);
  if (known !== undefined) return known;
  const name = String.fromCharCode(...bytes.subarray(from, to));
  if (NAMES.size < MAX_NAMES) NAMES.set(key, name);
  return name;
}

/**
 * Splits RTF bytes into tokens, lazily and in one pass (linear in the input: nothing is ever
 * read twice). A malformed escape is read as far as it goes; `\binN` data is skipped by count.
 */
export function* rtfTokens(input: Uint8Array): Generator<RtfToken> {
  // A plain view: a Buffer's `subarray` (one a text run) builds a Buffer, several times slower.
  const bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  let at = 0;
  const end = bytes.length;
  while (at < end) {
    const byte = bytes[at] ?? 0;
    if (byte === OPEN) {
      at += 1;
      yield { kind: 'open' };
    } else if (byte === CLOSE) {
      at += 1;
      yield { kind: 'close' };
    } else if (byte === BACKSLASH) {
      const next = bytes[at + 1];
      if (next === undefined) return;
      if (isLetter(next)) {
        let cursor = at + 1;
        while (cursor < end && cursor - at - 1 < MAX_NAME && isLetter(bytes[cursor] ?? 0)) cursor += 1;
        const name = nameOf(bytes, at + 1, cursor);
        let param: number | undefined;
        const paramStart = cursor;
        const negative = bytes[cursor] === 0x2d && isDigit(bytes[cursor + 1] ?? 0);
        if (negative) cursor += 1;
        let value = 0;
        while (cursor < end && cursor - paramStart < MAX_PARAM_DIGITS && isDigit(bytes[cursor] ?? 0)) {
          value = value * 10 + (bytes[cursor] ?? 0) - 0x30;
          cursor += 1;
        }
        if (cursor > paramStart) param = negative ? -value : value;
        // A space delimiting the control word belongs to it.
        if (bytes[cursor] === 0x20) cursor += 1;
        at = cursor;
        if (name === 'bin' && param !== undefined && param > 0) {
          at = Math.min(end, at + param);
          yield { kind: 'binary' };
        } else yield { kind: 'word', name, param };
      } else if (next === APOSTROPHE) {
        const high = hexValue(bytes[at + 2]);
        const low = hexValue(bytes[at + 3]);
        if (high >= 0 && low >= 0) {
          at += 4;
          yield { kind: 'hex', byte: high * 16 + low };
        } else at += 2;
      } else if (next === CR || next === LF) {
        // A backslash before a line break is a paragraph mark.
        at += 2;
        yield { kind: 'word', name: 'par', param: undefined };
      } else {
        at += 2;
        yield { kind: 'symbol', char: String.fromCharCode(next) };
      }
    } else if (isTextByte(byte)) {
      let cursor = at + 1;
      while (cursor < end && isTextByte(bytes[cursor] ?? 0)) cursor += 1;
      yield { kind: 'text', bytes: bytes.subarray(at, cursor) };
      at = cursor;
    } else at += 1;
  }
}
