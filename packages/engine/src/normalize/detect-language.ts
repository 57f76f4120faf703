import { createRequire } from 'node:module';
import { ISO_639_3_CODES, toIso6391 } from '@transmute/plugin-sdk';
import type * as Franc from 'franc';

/**
 * franc and its trigram tables (about a tenth of a small `transmute convert`'s CPU to load) are
 * required on the first sample long enough to read, not imported with the engine.
 */
let franc: typeof Franc | undefined;
const loadFranc = (): typeof Franc => (franc ??= createRequire(import.meta.url)('franc') as typeof Franc);

/** franc chooses among the languages that can be reported, so a near miss (`sco` for English) cannot win. */
const ONLY = [...ISO_639_3_CODES];
/**
 * On a short sample, a runner-up scoring this close to the winner (franc's scores are relative,
 * the winner's is 1) means franc cannot tell them apart: a sheet of names and numbers came out
 * Romanian. Such a sample has no language rather than a wrong one. Longer samples keep franc's
 * answer: related languages score this close on clear prose too (German: Dutch at 0.974).
 */
const UNSURE_MARGIN = 0.97;
const SHORT_SAMPLE = 400;
const MINIMUM_SAMPLE = 50;
/**
 * Web addresses, e-mail addresses and tags are written the same in every language; their letters
 * decide a short sample (`test.sender@example.com or see http://example.com` read as Portuguese).
 * An address's name part stops at its first `@`, so a run of `@`s is read in linear time.
 */
const NOT_WORDS = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|\S[^\s@]*@\S+\.\S+|\\?<\/?[a-z][^<>\s]*>/gi;

/** Detects the language of a text sample; an ISO 639-1 code, or undefined when unsure. */
export function detectLanguage(text: string): string | undefined {
  const sample = text.replace(NOT_WORDS, ' ');
  // Two headings (`Harvest 2026`, `Prices`: 20 characters) read as Romanian: too little to tell.
  if (sample.trim().length < MINIMUM_SAMPLE) return undefined;
  const [first, second] = loadFranc().francAll(sample, { only: ONLY, minLength: 20 });
  if (first === undefined || first[0] === 'und') return undefined;
  if (sample.length < SHORT_SAMPLE && second !== undefined && second[1] >= UNSURE_MARGIN * first[1])
    return undefined;
  return toIso6391(first[0]);
}
