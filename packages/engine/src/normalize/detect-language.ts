import { ISO_639_3_CODES, toIso6391 } from '@transmute/plugin-sdk';
import { franc } from 'franc';

/** franc chooses among the languages that can be reported, so a near miss (`sco` for English) cannot win. */
const ONLY = [...ISO_639_3_CODES];

/** Detects the language of a text sample; an ISO 639-1 code, or undefined when unsure. */
export function detectLanguage(sample: string): string | undefined {
  if (sample.trim().length < 20) return undefined;
  return toIso6391(franc(sample, { only: ONLY, minLength: 20 }));
}
