/**
 * ISO 639-3 codes (what language detectors such as franc answer) and the ISO 639-1 code reported for
 * each. Some languages appear under both the code franc uses and the one people write (`ekk`/`est`).
 */
const ISO_639_3_TO_1: Readonly<Record<string, string>> = Object.freeze({
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  nld: 'nl',
  swe: 'sv',
  dan: 'da',
  nob: 'no',
  nno: 'no',
  fin: 'fi',
  pol: 'pl',
  ces: 'cs',
  slk: 'sk',
  hun: 'hu',
  ron: 'ro',
  tur: 'tr',
  ell: 'el',
  bul: 'bg',
  ukr: 'uk',
  rus: 'ru',
  hrv: 'hr',
  srp: 'sr',
  slv: 'sl',
  lit: 'lt',
  lav: 'lv',
  lvs: 'lv',
  est: 'et',
  ekk: 'et',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
  ara: 'ar',
  arb: 'ar',
  heb: 'he',
  hin: 'hi',
  ben: 'bn',
  tha: 'th',
  vie: 'vi',
  ind: 'id',
  zsm: 'ms',
  zlm: 'ms',
  cat: 'ca',
  pes: 'fa',
  urd: 'ur',
  tam: 'ta',
  tel: 'te',
});

/** ISO 639-2/B (bibliographic) codes that differ from ISO 639-3; older metadata and PDFs use them. */
const ISO_639_2B_TO_1: Readonly<Record<string, string>> = Object.freeze({
  ger: 'de',
  fre: 'fr',
  dut: 'nl',
  cze: 'cs',
  slo: 'sk',
  rum: 'ro',
  gre: 'el',
  chi: 'zh',
  per: 'fa',
});

/**
 * The ISO 639-3 codes {@link toIso6391} knows: pass them as a detector's allow-list (franc's `only`)
 * so it answers only languages that can be reported.
 */
export const ISO_639_3_CODES: readonly string[] = Object.freeze(Object.keys(ISO_639_3_TO_1));

/**
 * The ISO 639-1 code of an ISO 639-3 or ISO 639-2/B code (`'deu'`, `'ger'` → `'de'`); undefined for
 * codes it does not know, including `'und'` (undetermined).
 *
 * @example
 * const language = toIso6391(franc(sample, { only: [...ISO_639_3_CODES] }));
 */
export function toIso6391(code: string): string | undefined {
  if (Object.hasOwn(ISO_639_3_TO_1, code)) return ISO_639_3_TO_1[code];
  if (Object.hasOwn(ISO_639_2B_TO_1, code)) return ISO_639_2B_TO_1[code];
  return undefined;
}

/**
 * The primary subtag of a BCP 47 tag, lower-cased, as an ISO 639-1 code where it is a known three-letter
 * code (`'de-AT'` → `'de'`, `'fra'` → `'fr'`); other subtags come back as they are (`'xx-YY'` → `'xx'`).
 */
export function toPrimaryLanguage(tag: string): string {
  const primary = (tag.split(/[-_]/)[0] ?? '').toLowerCase();
  return toIso6391(primary) ?? primary;
}
