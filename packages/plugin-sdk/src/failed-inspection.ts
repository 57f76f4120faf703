import { isFailureCode, isTransmuteError } from '@transmute/contract';
import type { FileInspection } from './plugin-types.js';

/** A failed {@link FileInspection}. */
export type FailedInspection = Extract<FileInspection, { ok: false }>;

/**
 * What an `inspect()` returns for an error it caught while reading the file: a TransmuteError
 * keeps its failure code (any other code becomes `corrupt_file`); anything else is a bug and is
 * rethrown.
 *
 * @example
 * try { … } catch (error) { return toFailedInspection(error); }
 */
export function toFailedInspection(error: unknown): FailedInspection {
  if (!isTransmuteError(error)) throw error;
  return { ok: false, code: isFailureCode(error.code) ? error.code : 'corrupt_file', detail: error.message };
}
