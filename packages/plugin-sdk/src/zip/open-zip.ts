import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { TransmuteError } from '@transmute/contract';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { checkArchiveTotals, type ArchiveTotalsLimits } from './check-archive-totals.js';

/** The limits a zip is opened under: {@link ArchiveTotalsLimits} plus how many entries it may have. */
export interface ZipLimits extends ArchiveTotalsLimits {
  maximumEntries: number;
}

/** How to open a zip: its size on disk (for the ratio), its limits and what errors call it. */
export interface OpenZipOptions {
  /** The zip file's size in bytes: the whole-archive compression ratio is measured against it. */
  fileBytes: number;
  limits: ZipLimits;
  /** What the file is, in error details: "The {noun} is corrupt: …" (`zip archive`, `document's package`). */
  noun: string;
}

/** One entry of a zip, as its central directory declares it (yauzl's entry). */
export type ZipEntry = Entry;

/**
 * A zip opened for safe reading: entries come one at a time from the central directory, each
 * checked against the limits before it is handed out, and are read as counted streams.
 */
export interface SafeZip {
  /** Entries the central directory declares (directories included). */
  readonly entryCount: number;
  /**
   * The next entry, or `undefined` after the last. Throws `archive_unsafe` once the declared
   * uncompressed total passes the size or ratio limit, and on an unsafe entry path
   * (absolute, `..`, invalid characters).
   */
  nextEntry(): Promise<ZipEntry | undefined>;
  /**
   * An entry's inflated bytes as a stream, counted as they inflate (headers can lie): past
   * `maximumBytes` the stream errors `archive_unsafe`; an entry declaring more is refused at once.
   */
  openStream(entry: ZipEntry, maximumBytes: number): Promise<Readable>;
  /** An entry's whole bytes, counted like {@link openStream}. */
  readBytes(entry: ZipEntry, maximumBytes: number): Promise<Buffer>;
  /** Releases the file (safe to call more than once). */
  close(): void;
}

function toZipError(error: Error, noun: string): TransmuteError {
  if (/relative path|absolute path|invalid characters/i.test(error.message)) {
    return new TransmuteError('archive_unsafe', `The ${noun} has an unsafe path: ${error.message}`, {
      cause: error,
    });
  }
  if (/encrypted/i.test(error.message))
    return new TransmuteError('encrypted_document', `The ${noun} is encrypted.`, { cause: error });
  return new TransmuteError('corrupt_file', `The ${noun} is corrupt: ${error.message}`, { cause: error });
}

function openFile(path: string, noun: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true },
      (error, zip) => {
        if (error !== null) reject(toZipError(error, noun));
        else resolve(zip);
      },
    );
  });
}

function readNextEntry(zip: ZipFile, noun: string): Promise<ZipEntry | undefined> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: ZipEntry): void => {
      cleanup();
      resolve(entry);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(undefined);
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(toZipError(error, noun));
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

function streamEntry(zip: ZipFile, entry: ZipEntry, maximum: number, noun: string): Promise<Readable> {
  if (entry.uncompressedSize > maximum) {
    return Promise.reject(
      new TransmuteError('archive_unsafe', `${entry.fileName} is larger than ${String(maximum)} bytes.`),
    );
  }
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error !== null) return reject(toZipError(error, noun));
      let total = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          total += chunk.length;
          if (total > maximum)
            done(new TransmuteError('archive_unsafe', `${entry.fileName} inflates past its limit.`));
          else done(null, chunk);
        },
      });
      stream.on('error', (streamError: Error) =>
        counted.destroy(streamError instanceof TransmuteError ? streamError : toZipError(streamError, noun)),
      );
      counted.on('close', () => stream.destroy());
      resolve(stream.pipe(counted));
    });
  });
}

/**
 * Opens a zip for safe reading (yauzl, lazily: nothing is inflated until asked). Refuses at once
 * more entries than `maximumEntries` (from the central directory's count); then each entry's
 * declared size is added up as {@link SafeZip.nextEntry} hands it out, so a bomb is refused before
 * anything inflates; and every read is counted as it inflates. Failures are `TransmuteError`s:
 * `archive_unsafe` (limits, unsafe paths), `encrypted_document`, `corrupt_file`.
 *
 * @example
 * const zip = await openZip(path, { fileBytes, limits, noun: 'zip archive' });
 * try {
 *   for (let entry = await zip.nextEntry(); entry; entry = await zip.nextEntry())
 *     console.log(entry.fileName, (await zip.readBytes(entry, 1024 * 1024)).length);
 * } finally {
 *   zip.close();
 * }
 */
export async function openZip(path: string, options: OpenZipOptions): Promise<SafeZip> {
  const { fileBytes, limits, noun } = options;
  const zip = await openFile(path, noun);
  if (zip.entryCount > limits.maximumEntries) {
    zip.close();
    throw new TransmuteError(
      'archive_unsafe',
      `The ${noun} has ${String(zip.entryCount)} entries; the limit is ${String(limits.maximumEntries)}.`,
    );
  }
  let declared = 0;
  return {
    entryCount: zip.entryCount,
    nextEntry: async () => {
      const entry = await readNextEntry(zip, noun);
      if (entry === undefined) return undefined;
      declared += entry.uncompressedSize;
      checkArchiveTotals(declared, fileBytes, limits, noun);
      return entry;
    },
    openStream: (entry, maximumBytes) => streamEntry(zip, entry, maximumBytes, noun),
    readBytes: async (entry, maximumBytes) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await streamEntry(zip, entry, maximumBytes, noun))
        chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
