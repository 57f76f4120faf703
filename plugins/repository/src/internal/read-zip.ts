import { TransmuteError } from '@transmute/plugin-sdk';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import {
  RATIO_FLOOR_BYTES,
  type ArchiveEntry,
  type ArchiveLimits,
  type ArchiveListing,
} from './archive-types.js';
import { toSafePath } from './safe-path.js';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: true, decodeStrings: true, validateEntrySizes: true },
      (error, zip) => {
        if (error !== null) reject(toZipError(error));
        else resolve(zip);
      },
    );
  });
}

function toZipError(error: Error): TransmuteError {
  if (/relative path|absolute path|invalid characters/i.test(error.message)) {
    return new TransmuteError('archive_unsafe', `The archive has an unsafe path: ${error.message}`, {
      cause: error,
    });
  }
  if (/encrypted/i.test(error.message))
    return new TransmuteError('encrypted_document', 'The archive is encrypted.', { cause: error });
  return new TransmuteError('corrupt_file', `The zip archive is corrupt: ${error.message}`, { cause: error });
}

/** Reads one entry's bytes, counting them as they inflate (headers can lie about sizes). */
function readEntry(zip: ZipFile, entry: Entry, maximum: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error !== null) return reject(toZipError(error));
      const chunks: Buffer[] = [];
      let total = 0;
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maximum) {
          stream.destroy(
            new TransmuteError('archive_unsafe', `${entry.fileName} inflates past its declared size.`),
          );
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (streamError: Error) =>
        reject(streamError instanceof TransmuteError ? streamError : toZipError(streamError)),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

function kindOf(entry: Entry): ArchiveEntry['kind'] {
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
  const zip = await openZip(path);
  const entries: ArchiveEntry[] = [];
  let uncompressed = 0;
  try {
    if (zip.entryCount > limits.maximumEntries) {
      throw new TransmuteError(
        'archive_unsafe',
        `The archive has ${zip.entryCount} entries; the limit is ${limits.maximumEntries}.`,
      );
    }
    for (;;) {
      const entry = await nextEntry(zip);
      if (entry === undefined) break;
      if (signal.aborted) throw new TransmuteError('job_canceled', 'The conversion was canceled.');
      const safe = toSafePath(entry.fileName);
      uncompressed += entry.uncompressedSize;
      checkTotals(uncompressed, fileBytes, limits);
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
      if (
        item.kind === 'file' &&
        entry.uncompressedSize <= limits.maximumFileBytes &&
        limits.maximumFileBytes > 0
      ) {
        if (entry.isEncrypted()) throw new TransmuteError('encrypted_document', 'The archive is encrypted.');
        item.content = await readEntry(zip, entry, entry.uncompressedSize);
      }
      entries.push(item);
    }
  } finally {
    zip.close();
  }
  return { entries, uncompressedBytes: uncompressed };
}

/** Throws `archive_unsafe` when the archive's uncompressed total passes the size or ratio limit. */
export function checkTotals(uncompressed: number, fileBytes: number, limits: ArchiveLimits): void {
  if (uncompressed > limits.maximumUncompressedBytes) {
    throw new TransmuteError(
      'archive_unsafe',
      `The archive expands past ${limits.maximumUncompressedBytes} bytes.`,
    );
  }
  if (
    uncompressed > RATIO_FLOOR_BYTES &&
    uncompressed / Math.max(1, fileBytes) > limits.maximumCompressionRatio
  ) {
    throw new TransmuteError(
      'archive_unsafe',
      `The archive expands more than ${limits.maximumCompressionRatio} times its size.`,
    );
  }
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: Entry): void => {
      cleanup();
      resolve(entry);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(undefined);
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(toZipError(error));
    };
    const cleanup = (): void => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
