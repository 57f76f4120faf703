import { franc } from 'franc';

/** ISO 639-3 codes franc may answer, mapped to the ISO 639-1 codes we report. */
const TO_ISO6391: Record<string, string> = {
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
  est: 'et',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
  arb: 'ar',
  heb: 'he',
  hin: 'hi',
  ben: 'bn',
  tha: 'th',
  vie: 'vi',
  ind: 'id',
  cat: 'ca',
  pes: 'fa',
  urd: 'ur',
  tam: 'ta',
  tel: 'te',
};
const ONLY = Object.keys(TO_ISO6391);

/** Detects the language of a text sample; an ISO 639-1 code, or undefined when unsure. */
export function detectLanguage(sample: string): string | undefined {
  if (sample.trim().length < 20) return undefined;
  const code = franc(sample, { only: ONLY, minLength: 20 });
  return TO_ISO6391[code];
}
