import { toPrimaryLanguage } from '@transmute/plugin-sdk';
import { en } from './internal/labels/en.js';
import { de } from './internal/labels/de.js';
import { fr } from './internal/labels/fr.js';
import { es } from './internal/labels/es.js';
import { it } from './internal/labels/it.js';
import { nl } from './internal/labels/nl.js';
import { pt } from './internal/labels/pt.js';
import type { Labels } from './internal/labels/labels.js';

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
