import { OUTPUT_FORMATS, OUTPUT_PROFILES, TransmuteError } from '@transmute/contract';
import type { OutputRequest } from '../engine-types.js';

function isOneOf(value: unknown, allowed: readonly string[]): boolean {
  return typeof value === 'string' && allowed.includes(value);
}

/**
 * Refuses an output request a JavaScript caller got wrong (no `language`, an unknown profile or
 * format) with `validation_failed` and a sentence naming the field, before any rendering starts.
 */
export function assertOutputRequest(output: OutputRequest): void {
  const problems: string[] = [];
  if (!isOneOf(output.profile, OUTPUT_PROFILES))
    problems.push(`output.profile must be one of ${OUTPUT_PROFILES.join(', ')}`);
  if (!isOneOf(output.format, OUTPUT_FORMATS))
    problems.push(`output.format must be one of ${OUTPUT_FORMATS.join(', ')}`);
  if (typeof output.language !== 'string' || output.language.trim() === '')
    problems.push("output.language is required: the language of labels and headings, such as 'en'");
  if (problems.length > 0) throw new TransmuteError('validation_failed', `${problems.join('; ')}.`);
}
