import { TransmuteError } from '@transmute/contract';
import {
  bomEncoding,
  detectEncodings,
  iso2022JpLayout,
  toDecoderEncoding,
  utf16Layout,
  type EncodingCandidate,
} from '@transmute/plugin-sdk/text-encoding';

/** Decoded text, the encoding it was read as, and the warnings (`code: sentence`) the choice earned. */
export interface DecodedText {
  text: string;
  encoding: string;
  warnings: string[];
}

/**
 * Past this share of U+FFFD replacement characters a decode is wrong, not damaged: fewer are
 * kept with a warning that counts them, more fail the extraction rather than emit garbage.
 */
export const MAX_REPLACED_SHARE = 0.005;
/**
 * Detected encodings tried, most likely first, before the text is declared undecodable: at most
 * three, and none less than half as likely as the first (a confident Shift-JIS guess that leaves
 * a flood of errors must not fall back to an 8-bit code page, which decodes anything as mojibake).
 */
const MAX_CANDIDATES = 3;
const REPLACEMENT = 0xfffd;

interface Attempt {
  text: string;
  replaced: number;
}

function countReplacements(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) === REPLACEMENT) count++;
  return count;
}

/** Decodes strictly; only when that fails again leniently, counting what was replaced. */
function attempt(bytes: Uint8Array, encoding: string): Attempt {
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), replaced: 0 };
  } catch {
    const text = new TextDecoder(encoding).decode(bytes);
    return { text, replaced: countReplacements(text) };
  }
}

function tolerable({ text, replaced }: Attempt): boolean {
  return replaced <= Math.max(1, Math.floor(text.length * MAX_REPLACED_SHARE));
}

function result(attempted: Attempt, encoding: string, warnings: string[]): DecodedText {
  if (attempted.replaced > 0) {
    warnings.push(
      `encoding_replaced_characters: ${attempted.replaced} byte sequence(s) are not valid ${encoding} ` +
        'and were replaced with U+FFFD.',
    );
  }
  return { text: attempted.text, encoding, warnings };
}

/**
 * UTF-8 with a few broken bytes (a file pasted together) rather than a legacy encoding: its
 * non-ASCII characters decode as UTF-8 far more often than not, which legacy text never does.
 */
function isMostlyUtf8(attempted: Attempt): boolean {
  let valid = 0;
  for (let index = 0; index < attempted.text.length; index++) {
    const code = attempted.text.charCodeAt(index);
    if (code > 0x7f && code !== REPLACEMENT) valid++;
  }
  return valid >= attempted.replaced * 4 && tolerable(attempted);
}

function declared(bytes: Uint8Array, charset: string, warnings: string[]): DecodedText | undefined {
  const encoding = toDecoderEncoding(charset);
  if (encoding === undefined) {
    warnings.push(`encoding_declaration_ignored: The declared charset "${charset}" is unknown.`);
    return undefined;
  }
  const attempted = attempt(bytes, encoding);
  if (tolerable(attempted)) return result(attempted, encoding, warnings);
  warnings.push(
    `encoding_declaration_ignored: The text is not ${encoding} as declared ` +
      `(${attempted.replaced} invalid byte sequences).`,
  );
  return undefined;
}

function guessed(candidate: EncodingCandidate, warnings: string[]): string[] {
  return [
    ...warnings,
    `encoding_guessed: decoded as ${candidate.encoding} (confidence ${candidate.confidence}%); ` +
      'the text has no byte-order mark, no usable declared charset and is not UTF-8.',
  ];
}

function undecodable(tried: string): TransmuteError {
  return new TransmuteError(
    'extraction_failed',
    `The text's encoding could not be determined: it is not UTF-8, and each likely encoding (${tried}) ` +
      'leaves many bytes undecodable.',
  );
}

/**
 * Decodes the bytes of a text source. The rules, in order: a byte-order mark wins (UTF-8,
 * UTF-16 LE/BE); then the declared charset (`Content-Type`, `SourceFile.charset`) when
 * TextDecoder knows it and the bytes fit it; then UTF-16 without a mark when its NUL bytes show it (see utf16Layout); then
 * ISO-2022-JP when its escapes show it (see iso2022JpLayout); then UTF-8 when
 * the bytes are valid UTF-8 (or nearly: see isMostlyUtf8); else the
 * encoding is detected (see detectEncodings) with an `encoding_guessed` warning. A decode may
 * replace a few invalid sequences (warned with their count); one that would replace more than
 * {@link MAX_REPLACED_SHARE} of the text fails with `extraction_failed` instead.
 *
 * @example
 * decodeTextBytes(readFileSync('excel.csv')).text; // '商品コード,…' from Shift-JIS
 */
export function decodeTextBytes(bytes: Uint8Array, declaredCharset?: string): DecodedText {
  const bom = bomEncoding(bytes);
  if (bom !== undefined) {
    // TextDecoder drops the byte-order mark itself.
    const attempted = attempt(bytes, bom);
    if (tolerable(attempted)) return result(attempted, bom, []);
    throw undecodable(bom);
  }
  const warnings: string[] = [];
  if (declaredCharset !== undefined && declaredCharset.trim() !== '') {
    const decoded = declared(bytes, declaredCharset, warnings);
    if (decoded !== undefined) return decoded;
  }
  // Before UTF-8: ASCII in UTF-16 is valid UTF-8 too (with a NUL after every letter).
  const utf16 = utf16Layout(bytes);
  if (utf16 !== undefined) {
    const attempted = attempt(bytes, utf16.encoding);
    if (tolerable(attempted)) return result(attempted, utf16.encoding, guessed(utf16, warnings));
    // Bytes with that many NULs are UTF-16 or nothing: no 8-bit code page makes text of them.
    throw undecodable(utf16.encoding);
  }
  // Before UTF-8 too: ISO-2022-JP is seven-bit, so valid UTF-8 with its escapes left in.
  const iso2022Jp = iso2022JpLayout(bytes);
  if (iso2022Jp !== undefined) {
    const attempted = attempt(bytes, iso2022Jp.encoding);
    if (tolerable(attempted)) return result(attempted, iso2022Jp.encoding, guessed(iso2022Jp, warnings));
  }
  const utf8 = attempt(bytes, 'utf-8');
  if (utf8.replaced === 0 || isMostlyUtf8(utf8)) return result(utf8, 'utf-8', warnings);
  const detected = detectEncodings(bytes);
  const floor = (detected[0]?.confidence ?? 0) / 2;
  const candidates = detected.slice(0, MAX_CANDIDATES).filter((candidate) => candidate.confidence >= floor);
  for (const candidate of candidates) {
    const attempted = attempt(bytes, candidate.encoding);
    if (tolerable(attempted)) return result(attempted, candidate.encoding, guessed(candidate, warnings));
  }
  throw undecodable(candidates.map((candidate) => candidate.encoding).join(', ') || 'none detected');
}
