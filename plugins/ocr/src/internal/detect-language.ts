import { franc } from 'franc';

/** ISO 639-3 codes franc returns, mapped to the ISO 639-1 codes the document metadata uses. */
const TO_ISO_639_1: Record<string, string> = {
  eng: 'en',
  fra: 'fr',
  deu: 'de',
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
  rus: 'ru',
  ukr: 'uk',
  bul: 'bg',
  ell: 'el',
  tur: 'tr',
  arb: 'ar',
  ara: 'ar',
  heb: 'he',
  pes: 'fa',
  hin: 'hi',
  ben: 'bn',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
  vie: 'vi',
  ind: 'id',
  zsm: 'ms',
  tha: 'th',
  cat: 'ca',
  hrv: 'hr',
  srp: 'sr',
  slv: 'sl',
  est: 'et',
  lav: 'lv',
  lit: 'lt',
};

/**
 * The document's language as an ISO 639-1 code: the PDF's declared `/Lang` when present,
 * otherwise detected from (a sample of) the text; undefined when unknown.
 */
export function detectLanguage(text: string, declared?: string): string | undefined {
  const tag = declared?.trim().toLowerCase().split(/[-_]/)[0];
  if (tag !== undefined && /^[a-z]{2,3}$/.test(tag)) return TO_ISO_639_1[tag] ?? tag;
  const sample = text.slice(0, 20_000);
  if (sample.replace(/\s+/g, '').length < 40) return undefined;
  const code = franc(sample, { minLength: 40 });
  return code === 'und' ? undefined : TO_ISO_639_1[code];
}
