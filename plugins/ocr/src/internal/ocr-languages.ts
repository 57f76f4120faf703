import { ISO_639_3_CODES, toIso6391, toPrimaryLanguage } from '@transmute/plugin-sdk';
import { findLanguageData } from './ocr-engine.js';

let installed: string[] | undefined;

/**
 * The OCR languages whose data is installed (a `@tesseract.js-data/<code>` package resolves), as
 * tesseract codes, which are ISO 639-3 for the languages reported; looked up once.
 */
export function installedOcrLanguages(): string[] {
  installed ??= ISO_639_3_CODES.filter((code) => findLanguageData(code) !== undefined);
  return installed;
}

/** The tesseract code of a language tag (`fr`, `fr-CA`, `fra`), or undefined when it names none. */
export function toOcrLanguage(tag: string): string | undefined {
  const primary = toPrimaryLanguage(tag.trim());
  if (/^[a-z]{3}$/.test(primary)) return primary;
  return ISO_639_3_CODES.find((code) => toIso6391(code) === primary);
}
