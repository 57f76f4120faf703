/*
 * Orphan collection: blobs no row refers to, and temporary files of writes that never finished,
 * are what a crash leaves behind (between storing bytes and committing the row that refers to
 * them, or between cutting a row's reference and deleting the bytes, or in the middle of a write).
 *
 * Why the grace period makes it safe: every row that refers to a blob is committed right after a
 * put of those very bytes, and a put re-writes a file even when the same bytes are stored already
 * (content addressing), so its mtime is fresh. A blob last written longer ago than
 * `retention.orphanGraceMs` that no row refers to when checked therefore cannot gain a reference
 * afterwards; and a writer that stores the same bytes while the blob is being removed is detected
 * by the BlobStore (`deleteUnlessRecent`) and wins. Temporary files of writes in progress are
 * touched by every chunk, so only abandoned ones age past the grace period.
 */
import type { BlobStore } from '../storage/blob-store.js';
import { referencedKeys } from '../tables/blob-refs.js';
import type { CoreContext } from '../kernel/context.js';

/** How much one run may do, so a sweep stays short however many blobs there are. */
export interface OrphanCollectorLimits {
  /** Blob keys examined per run; the next run resumes after the last one. */
  keysPerRun: number;
  /** Temporary files removed per run. */
  temporariesPerRun: number;
}

const DEFAULT_LIMITS: OrphanCollectorLimits = { keysPerRun: 1000, temporariesPerRun: 100 };

/** What the collector uses of the service. */
export type OrphanCollectorContext = Pick<CoreContext, 'store' | 'logger' | 'retention'> & {
  blobs: BlobStore;
};

/** One collector per service: it remembers where the previous run stopped. */
export interface OrphanCollector {
  /** One bounded run: stale temporary files, then the next keys after the cursor. Logs each removal. */
  collect(): Promise<void>;
}

/** The orphan collection the service's sweep runs after each retention pass. */
export function createOrphanCollector(
  ctx: OrphanCollectorContext,
  limits: OrphanCollectorLimits = DEFAULT_LIMITS,
): OrphanCollector {
  // In memory: a restarted process starts again from the first key, which only repeats cheap checks.
  let cursor: string | null = null;
  return {
    async collect() {
      const graceMs = ctx.retention.orphanGraceMs;
      for (const file of await ctx.blobs.deleteStaleTemporaries(graceMs, limits.temporariesPerRun)) {
        ctx.logger.info('stale temporary blob file removed', { name: file.name, bytes: file.sizeBytes });
      }
      const keys = await ctx.blobs.listKeys(cursor, limits.keysPerRun);
      cursor = keys.length < limits.keysPerRun ? null : (keys.at(-1) ?? null);
      const referenced = await referencedKeys(ctx.store.db, keys);
      for (const key of keys) {
        if (referenced.has(key)) continue;
        const bytes = await ctx.blobs.deleteUnlessRecent(key, graceMs);
        if (bytes !== null) ctx.logger.info('orphan blob removed', { key, bytes });
      }
    },
  };
}
