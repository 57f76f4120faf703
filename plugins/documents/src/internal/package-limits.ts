import { DEFAULT_PACKAGE_LIMITS, type PackageLimits } from './open-package.js';
import { workerMemoryOf } from './worker-memory.js';

/**
 * A package's limits from the plugin's effective limits (manifest merged with operator
 * overrides); the largest part read whole follows from `worker_max_heap_mb`.
 */
export function packageLimitsOf(limits: Readonly<Record<string, number>>): PackageLimits {
  return {
    maximumEntries: limits['maximum_package_entries'] ?? DEFAULT_PACKAGE_LIMITS.maximumEntries,
    maximumUncompressedBytes:
      limits['maximum_uncompressed_bytes'] ?? DEFAULT_PACKAGE_LIMITS.maximumUncompressedBytes,
    maximumCompressionRatio:
      limits['maximum_compression_ratio'] ?? DEFAULT_PACKAGE_LIMITS.maximumCompressionRatio,
    maximumPartBytes: limits['maximum_part_bytes'] ?? DEFAULT_PACKAGE_LIMITS.maximumPartBytes,
    maximumWholePartBytes: workerMemoryOf(limits['worker_max_heap_mb']).wholePartBytes,
  };
}
