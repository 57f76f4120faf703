import { TransmuteError } from '@transmute/contract';
import type { FailedInspection } from './failed-inspection.js';
import type { SourceFile } from './plugin-types.js';

function toDetail(sizeBytes: number, limit: number, noun: string): string {
  return `The ${noun} has ${sizeBytes} bytes; the limit is ${limit}.`;
}

/**
 * The byte-limit check of `inspect()`: a failed inspection (`source_too_large`) when the file is
 * larger than `limit` (see {@link resolveByteLimit}), else `undefined`. `noun` names the file in
 * the detail ("archive", "page").
 *
 * @example
 * const tooLarge = checkByteLimit(file, resolveByteLimit(manifest.limits));
 * if (tooLarge) return tooLarge;
 */
export function checkByteLimit(
  file: Pick<SourceFile, 'sizeBytes'>,
  limit: number,
  noun = 'file',
): FailedInspection | undefined {
  if (file.sizeBytes <= limit) return undefined;
  return { ok: false, code: 'source_too_large', detail: toDetail(file.sizeBytes, limit, noun) };
}

/**
 * The same check for `extract()`: throws `source_too_large` when the file is larger than `limit`.
 *
 * @example
 * assertWithinByteLimit(file, resolveByteLimit(manifest.limits, ctx.limits), 'archive');
 */
export function assertWithinByteLimit(
  file: Pick<SourceFile, 'sizeBytes'>,
  limit: number,
  noun = 'file',
): void {
  const failed = checkByteLimit(file, limit, noun);
  if (failed) throw new TransmuteError(failed.code, failed.detail);
}
