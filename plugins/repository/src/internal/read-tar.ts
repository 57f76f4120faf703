import { TransmuteError } from '@transmute/plugin-sdk';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { checkArchiveTotals } from '@transmute/plugin-sdk/zip';
import {
  RATIO_FLOOR_BYTES,
  shouldRead,
  type ArchiveEntry,
  type ArchiveLimits,
  type ArchiveListing,
} from './archive-types.js';
import { toSafePath } from './safe-path.js';

function kindOf(type: string | null | undefined): ArchiveEntry['kind'] {
  switch (type) {
    case 'file':
    case 'contiguous-file':
    case null:
    case undefined:
      return 'file';
    case 'directory':
      return 'directory';
    case 'symlink':
    case 'link':
      return 'link';
    default:
      return 'other';
  }
}

/**
 * Streams a tar or tar.gz archive: bytes are counted as they are gunzipped (so a gzip bomb stops
 * at the limit, not at the end), every path is checked, links are listed and never followed.
 */
export async function readTar(
  path: string,
  gzip: boolean,
  fileBytes: number,
  limits: ArchiveLimits,
  signal: AbortSignal,
): Promise<ArchiveListing> {
  const entries: ArchiveEntry[] = [];
  const totalsLimits = { ...limits, ratioFloorBytes: RATIO_FLOOR_BYTES };
  let uncompressed = 0;
  const extract = tar.extract();
  const source = createReadStream(path);
  const gunzip = gzip ? createGunzip() : undefined;
  let inflated = 0;
  const fail = (error: Error): void => {
    extract.destroy(error);
  };
  source.on('error', fail);
  gunzip?.on('error', fail);
  gunzip?.on('data', (chunk: Buffer) => {
    inflated += chunk.length;
    try {
      checkArchiveTotals(inflated, fileBytes, totalsLimits, 'archive');
    } catch (error) {
      fail(error as Error);
    }
  });
  (gunzip === undefined ? source : source.pipe(gunzip)).pipe(extract);
  try {
    for await (const entry of extract) {
      if (signal.aborted) throw new TransmuteError('job_canceled', 'The conversion was canceled.');
      if (entries.length >= limits.maximumEntries) {
        throw new TransmuteError(
          'archive_unsafe',
          `The archive has more than ${limits.maximumEntries} entries.`,
        );
      }
      const header = entry.header;
      const item: ArchiveEntry = {
        path: toSafePath(header.name),
        kind: kindOf(header.type),
        size: header.size ?? 0,
      };
      uncompressed += item.size;
      checkArchiveTotals(uncompressed, fileBytes, totalsLimits, 'archive');
      const read = shouldRead(item, limits);
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) if (read) chunks.push(chunk);
      if (read) item.content = Buffer.concat(chunks);
      entries.push(item);
    }
  } catch (error) {
    if (error instanceof TransmuteError) throw error;
    throw new TransmuteError('corrupt_file', `The tar archive is corrupt: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    source.destroy();
    gunzip?.destroy();
  }
  return { entries, uncompressedBytes: uncompressed };
}
