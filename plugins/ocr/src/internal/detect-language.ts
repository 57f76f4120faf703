import { ISO_639_3_CODES, toIso6391, toPrimaryLanguage } from '@transmute/plugin-sdk';
import { franc } from 'franc';

/**
 * As in the engine, franc chooses among the languages that can be reported: a near miss (`sco` for
 * English) cannot win, and comparing against those models instead of all 400 halves the time.
 */
const ONLY = [...ISO_639_3_CODES];

/**
 * The document's language as an ISO 639-1 code: the PDF's declared `/Lang` when present,
 * otherwise detected from (a sample of) the text; undefined when unknown.
 */
export function detectLanguage(text: string, declared?: string): string | undefined {
  const tag = declared === undefined ? undefined : toPrimaryLanguage(declared.trim());
  if (tag !== undefined && /^[a-z]{2,3}$/.test(tag)) return tag;
  const sample = text.slice(0, 20_000);
  if (sample.replace(/\s+/g, '').length < 40) return undefined;
  return toIso6391(franc(sample, { only: ONLY, minLength: 40 }));
}
