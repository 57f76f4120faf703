// How plausible bytes are as text in one of the CJK multi-byte encodings, from the encoding's own
// layout: which lead bytes hold the characters everyday text is made of (kana, the first level of
// kanji / hanzi / Hangul, punctuation) and which hold the rare ones. Bytes of another encoding
// decode as a scatter of rare characters, or not at all.

/** A byte range, both ends included. */
type Range = readonly [number, number];

interface CjkLayout {
  /** The WHATWG encoding name TextDecoder decodes it with. */
  encoding: string;
  /** Lead bytes of two-byte characters. */
  leads: Range;
  /** Lead bytes whose characters are common text. */
  common: readonly Range[];
  /** A lead byte of a three- or four-byte sequence (EUC-JP's 0x8F, GB18030's digit trails). */
  longer?: (bytes: Uint8Array, at: number) => number;
  /** Single bytes above 0x7f that are characters of their own (Shift_JIS half-width katakana). */
  singles?: Range;
}

const inRange = (byte: number, [low, high]: Range): boolean => byte >= low && byte <= high;

const LAYOUTS: readonly CjkLayout[] = [
  // Symbols, Latin / kana / Greek (0x81–0x84), CP932's NEC row (①, ㈱: 0x87), JIS level-1 kanji
  // (0x88–0x98); half-width katakana.
  {
    encoding: 'shift_jis',
    leads: [0x81, 0xfc],
    common: [
      [0x81, 0x84],
      [0x87, 0x98],
    ],
    singles: [0xa1, 0xdf],
  },
  {
    encoding: 'euc-jp',
    leads: [0x8e, 0xfe],
    // Symbols and kana (0xa1–0xa5), level-1 kanji (0xb0–0xcf), half-width katakana (0x8e).
    common: [
      [0x8e, 0x8e],
      [0xa1, 0xa5],
      [0xb0, 0xcf],
    ],
    longer: (bytes, at) => (bytes[at] === 0x8f ? 3 : 2),
  },
  {
    encoding: 'gb18030',
    leads: [0x81, 0xfe],
    // GB2312's symbols (0xa1–0xa9) and level-1 hanzi (0xb0–0xd7).
    common: [
      [0xa1, 0xa9],
      [0xb0, 0xd7],
    ],
    longer: (bytes, at) => (inRange(bytes[at + 1] ?? 0, [0x30, 0x39]) ? 4 : 2),
  },
  // Symbols (0xa1–0xa3) and the frequent hanzi (0xa4–0xc6).
  { encoding: 'big5', leads: [0x81, 0xfe], common: [[0xa1, 0xc6]] },
  // Symbols and jamo (0xa1–0xac), the 2,350 Hangul syllables (0xb0–0xc8).
  {
    encoding: 'euc-kr',
    leads: [0x81, 0xfe],
    common: [
      [0xa1, 0xac],
      [0xb0, 0xc8],
    ],
  },
];

/** Equally plausible readings: those whose language shows in its script first. */
const PREFERENCE = ['euc-kr', 'euc-jp', 'shift_jis', 'gb18030', 'big5'];

/** Characters above ASCII a text must have before its encoding is judged by them. */
const MINIMUM_CHARACTERS = 3;

function decodes(bytes: Uint8Array, encoding: string): boolean {
  try {
    // Streaming: a sample may end inside a character.
    new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The share of the non-ASCII characters that are common text in this layout, or undefined if too few. */
function commonShare(bytes: Uint8Array, layout: CjkLayout): number | undefined {
  let total = 0;
  let common = 0;
  let at = 0;
  while (at < bytes.length) {
    const byte = bytes[at] ?? 0;
    if (byte < 0x80) {
      at += 1;
      continue;
    }
    total += 1;
    if (layout.singles !== undefined && inRange(byte, layout.singles)) {
      // Half-width katakana come in words; one alone is more likely `°` or `É` of an 8-bit text.
      const word = inRange(bytes[at - 1] ?? 0, layout.singles) || inRange(bytes[at + 1] ?? 0, layout.singles);
      if (word) common += 1;
      at += 1;
      continue;
    }
    if (!inRange(byte, layout.leads)) {
      at += 1;
      continue;
    }
    if (layout.common.some((range) => inRange(byte, range))) common += 1;
    at += layout.longer?.(bytes, at) ?? 2;
  }
  return total < MINIMUM_CHARACTERS ? undefined : common / total;
}

/** At least this share (%) of a reading's characters must be common text for it to be plausible. */
const PLAUSIBLE_SHARE = 90;

const KANA = /[\u3040-\u30ff\uff66-\uff9f]/gu;
const HALF_WIDTH_KANA = /[\uff61-\uff9f]/gu;
const HANGUL_SYLLABLES = /[\uac00-\ud7a3]/gu;
const NON_ASCII = /[\u0080-\u{10ffff}]/gu;
const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/**
 * Whether the decoded reading looks like its language, where the EUC encodings (which share their
 * byte ranges) would each read the others' bytes as common characters: Japanese has kana, Korean
 * is written in Hangul syllables (Chinese read as EUC-KR turns up Hanja), and Shift_JIS read from
 * EUC bytes is nothing but half-width katakana.
 */
function looksLikeItsLanguage(encoding: string, text: string, others: number): boolean {
  const characters = count(text, NON_ASCII);
  switch (encoding) {
    case 'euc-jp':
      return count(text, KANA) > 0;
    case 'euc-kr':
      return count(text, HANGUL_SYLLABLES) >= characters * 0.95;
    case 'shift_jis':
      return others === 0 || count(text, HALF_WIDTH_KANA) < characters;
    default:
      return true;
  }
}

/**
 * The CJK multi-byte encodings (Shift_JIS/CP932, EUC-JP, GB18030/GBK, Big5, EUC-KR) in which the
 * bytes read plausibly: decoded without an error, at least 90 % of the characters in the
 * encoding's common ranges, and looking like the language the encoding is for. The most
 * plausible comes first (Korean and Japanese before Chinese when their tell-tale scripts are
 * there), each with that share as its confidence. Too few non-ASCII characters to judge give none.
 */
export function plausibleCjkEncodings(bytes: Uint8Array): { encoding: string; confidence: number }[] {
  const readings: { encoding: string; confidence: number; text: string }[] = [];
  for (const layout of LAYOUTS) {
    const share = commonShare(bytes, layout);
    if (share === undefined || share * 100 < PLAUSIBLE_SHARE || !decodes(bytes, layout.encoding)) continue;
    const text = new TextDecoder(layout.encoding).decode(bytes);
    readings.push({ encoding: layout.encoding, confidence: Math.round(share * 100), text });
  }
  return readings
    .filter(({ encoding, text }) => looksLikeItsLanguage(encoding, text, readings.length - 1))
    .sort(
      (a, b) =>
        b.confidence - a.confidence || PREFERENCE.indexOf(a.encoding) - PREFERENCE.indexOf(b.encoding),
    )
    .map(({ encoding, confidence }) => ({ encoding, confidence }));
}
