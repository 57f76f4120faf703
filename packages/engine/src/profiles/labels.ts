import { toPrimaryLanguage } from '@transmute/plugin-sdk';
import { en } from './internal/labels/en.js';
import { de } from './internal/labels/de.js';
import { fr } from './internal/labels/fr.js';
import { es } from './internal/labels/es.js';
import { it } from './internal/labels/it.js';
import { nl } from './internal/labels/nl.js';
import { pt } from './internal/labels/pt.js';

/** Headings and labels of rendered profiles, in one language. */
export interface Labels {
  untitled: string;
  sourceFacts: string;
  type: string;
  size: string;
  language: string;
  words: string;
  readingTime: string;
  minutes: string;
  pages: string;
  duration: string;
  seconds: string;
  summary: string;
  noSummary: string;
  keyPoints: string;
  keywords: string;
  outline: string;
  noOutline: string;
  chunk: string;
  headingPath: string;
  tokens: string;
  citation: string;
  characters: string;
  page: string;
  time: string;
  rawSource: string;
  contextPack: string;
  keyFacts: string;
  excerpts: string;
  budget: string;
  evaluationSet: string;
  question: string;
  answer: string;
  context: string;
  noQuestions: string;
  schemaPlan: string;
  recordSets: string;
  noRecordSets: string;
  chunkPlan: string;
  column: string;
  nullable: string;
  examples: string;
  allowedValues: string;
  rows: string;
  primaryKey: string;
  yes: string;
  no: string;
  jsonSchema: string;
  sqlDdl: string;
  datasheet: string;
  composition: string;
  collection: string;
  fields: string;
  uses: string;
  limitations: string;
  files: string;
  records: string;
  /** One sentence describing a table (for sources that are data, not prose). */
  describeTable: (rows: number, fields: number, names: string) => string;
  /** A question about a topic of the source. */
  questionAbout: (topic: string) => string;
  /** "What is X?" (`plural` for are/were, `past` for was/were). */
  questionWhatIs: (subject: string, plural: boolean, past: boolean) => string;
}

const TABLE = { en, de, fr, es, it, nl, pt } as const satisfies Record<string, Labels>;

/** The languages outputs can be rendered in (labels and headings), for getCapabilities. */
export const OUTPUT_LANGUAGES: readonly string[] = Object.freeze(Object.keys(TABLE));

/** BCP 47 tag → primary language (shared with the plugins through the SDK). */
export { toPrimaryLanguage };

/** Labels for a requested language; `undefined` when the language is not one of {@link OUTPUT_LANGUAGES}. */
export function getLabels(language: string): Labels | undefined {
  const primary = toPrimaryLanguage(language);
  return Object.hasOwn(TABLE, primary) ? TABLE[primary as keyof typeof TABLE] : undefined;
}
