// `@transmute/plugin-sdk/text-encoding`: how text bytes say (or give away) their encoding, shared
// by the engine's text decoding and the webpage plugin's HTML decoding. A subpath, so plugins that
// decode no text never load the detector.
import { analyse } from 'chardet';
import { plausibleCjkEncodings } from './internal/cjk-plausibility.js';

/** An encoding TextDecoder knows (its canonical WHATWG name) and how sure a guess of it is, 0..100. */
export interface EncodingCandidate {
  encoding: string;
  confidence: number;
}

/** Bytes the detectors look at: enough for a confident guess, bounded however large the file. */
export const DETECTION_SAMPLE_BYTES = 64 * 1024;

/** Names in use that the WHATWG label list lacks (Windows code pages under Microsoft's names). */
const LABEL_ALIASES: Record<string, string> = {
  cp932: 'shift_jis',
  ms932: 'shift_jis',
  ms_kanji: 'shift_jis',
  cp936: 'gbk',
  ms936: 'gbk',
  cp949: 'euc-kr',
  uhc: 'euc-kr',
  cp950: 'big5',
  utf8: 'utf-8',
};

/** The encoding a byte-order mark announces, if the bytes start with one. */
export function bomEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * The TextDecoder encoding a charset label (a `Content-Type` charset, a detector's name) stands
 * for, or undefined when TextDecoder does not know it (then the label is not trusted).
 */
export function toDecoderEncoding(label: string): string | undefined {
  const trimmed = label.trim().toLowerCase();
  try {
    return new TextDecoder(LABEL_ALIASES[trimmed] ?? trimmed).encoding;
  } catch {
    return undefined;
  }
}

/**
 * UTF-16 without a byte-order mark, told by its NUL bytes: ASCII and Latin characters put a zero
 * in every other byte (the high byte), always on the same side, which binary data does not do.
 */
export function utf16Layout(bytes: Uint8Array): EncodingCandidate | undefined {
  const units = Math.floor(Math.min(bytes.length, DETECTION_SAMPLE_BYTES) / 2);
  if (units < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let unit = 0; unit < units; unit++) {
    if (bytes[unit * 2] === 0) evenZeros++;
    if (bytes[unit * 2 + 1] === 0) oddZeros++;
  }
  const high = Math.max(evenZeros, oddZeros);
  const low = Math.min(evenZeros, oddZeros);
  // CJK text still has zeros (newlines, digits, U+4E00…), but on the high side they dominate.
  if (high < units * 0.05 || low * 10 > high) return undefined;
  return {
    encoding: oddZeros > evenZeros ? 'utf-16le' : 'utf-16be',
    confidence: Math.round((100 * high) / (high + low)),
  };
}

/**
 * ISO-2022-JP (Japanese e-mail and old web pages): seven-bit bytes that switch into JIS X 0208
 * with `ESC $ B` (or `ESC $ @`) and back with `ESC ( B` (or `ESC ( J`). Such text is valid ASCII
 * and so valid UTF-8, which would keep the escapes and show the kanji as ASCII letters: it is told
 * by a switch in and a switch back, and no byte above 0x7f.
 */
export function iso2022JpLayout(bytes: Uint8Array): EncodingCandidate | undefined {
  const sample = bytes.subarray(0, DETECTION_SAMPLE_BYTES);
  let into = false;
  let back = false;
  for (let at = 0; at < sample.length; at++) {
    const byte = sample[at] ?? 0;
    if (byte > 0x7f) return undefined;
    if (byte !== 0x1b) continue;
    // `$` then `B` or `@`: JIS X 0208; `(` then `B` or `J`: ASCII or JIS Roman.
    const designation = String.fromCharCode(sample[at + 1] ?? 0, sample[at + 2] ?? 0);
    if (designation === '$B' || designation === '$@') into = true;
    else if ((designation === '(B' || designation === '(J') && into) back = true;
  }
  return into && back ? { encoding: 'iso-2022-jp', confidence: 100 } : undefined;
}

/** Whether the bytes are UTF-8 (a prefix of it when `complete` is false: a cut character is fine). */
export function isUtf8(bytes: Uint8Array, complete: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/** Below this confidence chardet's first guess is weak: short samples, CP932 extensions, half-width kana. */
const WEAK_GUESS = 50;

/**
 * Guesses the legacy encoding of text that has no byte-order mark and is neither UTF-8 nor
 * UTF-16: chardet's statistical detectors (multi-byte CJK encodings, the Windows and ISO 8-bit
 * code pages) over the first {@link DETECTION_SAMPLE_BYTES}. The most likely comes first;
 * encodings TextDecoder cannot decode (UTF-32, ISO-2022-CN) are left out, and so are UTF-8 and
 * UTF-16, which chardet only recognises by what the caller already checked. When chardet's first
 * guess is weak (under 50 %), the CJK multi-byte encodings (Shift_JIS/CP932, EUC-JP, GB18030,
 * Big5, EUC-KR) are tried: one the bytes decode in without error, and as mostly common characters
 * (at least 90 % kana, first-level kanji / hanzi, Hangul syllables or punctuation), comes first,
 * its confidence that share; an 8-bit code page would decode the same bytes as mojibake.
 */
export function detectEncodings(bytes: Uint8Array): EncodingCandidate[] {
  const sample = bytes.subarray(0, DETECTION_SAMPLE_BYTES);
  const candidates: EncodingCandidate[] = [];
  for (const match of analyse(sample)) {
    const encoding = toDecoderEncoding(match.name);
    if (encoding === undefined || encoding === 'utf-8' || encoding.startsWith('utf-16')) continue;
    if (candidates.some((candidate) => candidate.encoding === encoding)) continue;
    candidates.push({ encoding, confidence: match.confidence });
  }
  if ((candidates[0]?.confidence ?? 0) >= WEAK_GUESS) return candidates;
  const plausible = plausibleCjkEncodings(sample)[0];
  if (plausible === undefined) return candidates;
  return [plausible, ...candidates.filter((candidate) => candidate.encoding !== plausible.encoding)];
}
