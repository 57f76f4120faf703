import { TransmuteError } from '@transmute/contract';

/** The bomb limits of an archive's uncompressed total, zip or tar alike. */
export interface ArchiveTotalsLimits {
  maximumUncompressedBytes: number;
  /** Uncompressed ÷ the archive's size on disk, checked once the total passes `ratioFloorBytes`. */
  maximumCompressionRatio: number;
  /** Below this many uncompressed bytes the ratio is not checked (small text compresses a lot). */
  ratioFloorBytes: number;
}

/**
 * Throws `archive_unsafe` when an archive's uncompressed total so far (declared or counted) passes
 * the size limit, or passes the ratio floor and `maximumCompressionRatio` times the file's size.
 * Both only grow, so checking the running total refuses a bomb as early as it shows.
 */
export function checkArchiveTotals(
  uncompressed: number,
  fileBytes: number,
  limits: ArchiveTotalsLimits,
  noun: string,
): void {
  if (uncompressed > limits.maximumUncompressedBytes) {
    throw new TransmuteError(
      'archive_unsafe',
      `The ${noun} expands past ${String(limits.maximumUncompressedBytes)} bytes.`,
    );
  }
  const ratio = uncompressed / Math.max(1, fileBytes);
  if (uncompressed > limits.ratioFloorBytes && ratio > limits.maximumCompressionRatio) {
    throw new TransmuteError(
      'archive_unsafe',
      `The ${noun} expands ${String(Math.round(ratio))} times its size, past the limit of ${String(limits.maximumCompressionRatio)} (a zip bomb).`,
    );
  }
}
