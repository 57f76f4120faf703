import { TransmuteError } from '@transmute/plugin-sdk';
import { openZip, type ZipEntry } from '@transmute/plugin-sdk/zip';
import {
  RATIO_FLOOR_BYTES,
  shouldRead,
  type ArchiveEntry,
  type ArchiveLimits,
  type ArchiveListing,
} from './archive-types.js';
import { toSafePath } from './safe-path.js';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function kindOf(entry: ZipEntry): ArchiveEntry['kind'] {
  if (entry.fileName.endsWith('/')) return 'directory';
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  return mode === S_IFLNK ? 'link' : 'file';
}

/**
 * Walks a zip archive from its central directory: every path checked, entry count, total size and
 * ratio limited from the declared sizes first, and small files read with their inflated bytes
 * counted. Links are listed, never followed or read.
 */
export async function readZip(
  path: string,
  fileBytes: number,
  limits: ArchiveLimits,
  signal: AbortSignal,
): Promise<ArchiveListing> {
  const zip = await openZip(path, {
    fileBytes,
    limits: { ...limits, ratioFloorBytes: RATIO_FLOOR_BYTES },
    noun: 'zip archive',
  });
  const entries: ArchiveEntry[] = [];
  let uncompressed = 0;
  try {
    for (let entry = await zip.nextEntry(); entry !== undefined; entry = await zip.nextEntry()) {
      if (signal.aborted) throw new TransmuteError('job_canceled', 'The conversion was canceled.');
      const safe = toSafePath(entry.fileName);
      uncompressed += entry.uncompressedSize;
      if (
        entry.compressedSize > 0 &&
        entry.uncompressedSize / entry.compressedSize > limits.maximumCompressionRatio &&
        entry.uncompressedSize > RATIO_FLOOR_BYTES
      ) {
        throw new TransmuteError(
          'archive_unsafe',
          `${safe} has a compression ratio past ${limits.maximumCompressionRatio}.`,
        );
      }
      const item: ArchiveEntry = { path: safe, kind: kindOf(entry), size: entry.uncompressedSize };
      if (shouldRead(item, limits)) {
        if (entry.isEncrypted()) throw new TransmuteError('encrypted_document', 'The archive is encrypted.');
        item.content = await zip.readBytes(entry, entry.uncompressedSize);
      }
      entries.push(item);
    }
  } finally {
    zip.close();
  }
  return { entries, uncompressedBytes: uncompressed };
}
