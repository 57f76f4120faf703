import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { constants, inflateRawSync } from 'node:zlib';
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

/**
 * A zip up to this size is read into memory with one read: its central directory is then parsed
 * without a read per entry (each a round trip through libuv's thread pool, most of the time spent
 * on a small document), and its small entries inflate synchronously ({@link WHOLE_ENTRY_BYTES}).
 */
export const IN_MEMORY_ZIP_BYTES = 16 * 1024 * 1024;

/**
 * A zip up to this size is read synchronously: well under a millisecond even on the main thread,
 * against the four thread-pool round trips (open, stat, read, close) of an asynchronous read.
 */
const SYNC_READ_BYTES = 1024 * 1024;

/** An entry of an in-memory zip declaring up to this many bytes is inflated at once; bigger ones stream. */
const WHOLE_ENTRY_BYTES = 16 * 1024 * 1024;

const YAUZL_OPTIONS = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true };

/** The zip, and its bytes when it was read whole ({@link IN_MEMORY_ZIP_BYTES}). */
interface OpenedZip {
  zip: ZipFile;
  bytes: Buffer | undefined;
}

/**
 * yauzl's reader of a zip held in memory, answering at once: yauzl's own (`fromBuffer`) answers
 * each read of the central directory on the next turn of the event loop, two turns an entry.
 */
class MemoryReader extends yauzl.RandomAccessReader {
  constructor(private readonly bytes: Buffer) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from([this.bytes.subarray(start, end)], { objectMode: false });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null) => void,
  ): void {
    const read = Math.max(0, Math.min(length, this.bytes.length - position));
    this.bytes.copy(buffer, offset, position, position + read);
    // yauzl reads the byte count as a second argument (its types leave it out).
    (callback as (error: Error | null, bytesRead: number) => void)(null, read);
  }
}

async function openFile(path: string, fileBytes: number, noun: string): Promise<OpenedZip> {
  const bytes =
    fileBytes <= SYNC_READ_BYTES
      ? readFileSync(path)
      : fileBytes <= IN_MEMORY_ZIP_BYTES
        ? await readFile(path)
        : undefined;
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip: ZipFile): void => {
      if (error !== null) reject(toZipError(error, noun));
      else resolve({ zip, bytes });
    };
    if (bytes === undefined) yauzl.open(path, YAUZL_OPTIONS, done);
    else yauzl.fromRandomAccessReader(new MemoryReader(bytes), bytes.length, YAUZL_OPTIONS, done);
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

/** A zip's central directory read to its end, or to the entry yauzl failed on (the error kept for its turn). */
interface ReadDirectory {
  entries: ZipEntry[];
  failure: TransmuteError | undefined;
}

/**
 * Every entry of a zip held in memory, read in one go: {@link MemoryReader} answers at once, so
 * yauzl emits each entry (or its error) before `readEntry` returns, without a promise and three
 * listeners an entry (most of the time of opening a small package). An entry yauzl answers on a
 * later turn (one with no name, extra field or comment) is waited for. The directory's end needs
 * no event: the count is known.
 */
async function readDirectory(zip: ZipFile, noun: string): Promise<ReadDirectory> {
  const entries: ZipEntry[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const onEntry = (entry: ZipEntry): void => {
    entries.push(entry);
    wake?.();
  };
  const onError = (error: Error): void => {
    failure = error;
    wake?.();
  };
  zip.on('entry', onEntry);
  zip.on('error', onError);
  try {
    while (entries.length < zip.entryCount && failure === undefined) {
      const before = entries.length;
      zip.readEntry();
      if (entries.length === before && failure === undefined)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      wake = undefined;
    }
  } finally {
    zip.off('entry', onEntry);
    zip.off('error', onError);
  }
  return { entries, failure: failure === undefined ? undefined : toZipError(failure, noun) };
}

function refuseLargerThan(entry: ZipEntry, maximum: number): void {
  if (entry.uncompressedSize > maximum)
    throw new TransmuteError('archive_unsafe', `${entry.fileName} is larger than ${String(maximum)} bytes.`);
}

/** The most taken at once here for an output chunk (zlib's least is `Z_MIN_CHUNK`). */
const MAX_CHUNK_BYTES = 64 * 1024;

/**
 * The output chunk for an entry: its declared size and the byte that shows a lying header, in one
 * chunk up to 64 KB. zlib's default chunk is 16 KB, allocated for every call: for the parts of an
 * office file or e-book (most under 2 KB) that was most of what an inflate allocated, and a fifth
 * of an inflate's time. The cap keeps a header that declares megabytes from reserving them up front.
 */
const outputChunkBytes = (maxOutputLength: number): number =>
  Math.min(MAX_CHUNK_BYTES, Math.max(constants.Z_MIN_CHUNK, maxOutputLength));

/**
 * An entry of a zip held in memory, inflated at once: the checks yauzl makes on a stream (no
 * encryption, stored or deflated, data inside the file, inflated size equal to the declared one)
 * made here, so that the same file fails the same way whichever path reads it.
 */
function inflateWhole(bytes: Buffer, entry: ZipEntry, maximum: number, noun: string): Buffer {
  refuseLargerThan(entry, maximum);
  if (entry.isEncrypted()) throw toZipError(new Error('entry is encrypted'), noun);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw toZipError(new Error(`unsupported compression method: ${String(entry.compressionMethod)}`), noun);
  const header = entry.relativeOffsetOfLocalHeader;
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== 0x04034b50)
    throw toZipError(new Error('invalid local file header signature'), noun);
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  if (start + entry.compressedSize > bytes.length)
    throw toZipError(new Error('file data overflows file bounds'), noun);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.compressionMethod === 0) {
    if (data.length > maximum)
      throw new TransmuteError('archive_unsafe', `${entry.fileName} inflates past its limit.`);
    return data;
  }
  let inflated: Buffer;
  try {
    // One byte past the declared size shows a header that lies without inflating the rest.
    const maxOutputLength = entry.uncompressedSize + 1;
    inflated = inflateRawSync(data, { maxOutputLength, chunkSize: outputChunkBytes(maxOutputLength) });
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw toZipError(
      tooLarge
        ? new Error(`too many bytes in the stream. expected ${String(entry.uncompressedSize)}`)
        : (error as Error),
      noun,
    );
  }
  if (inflated.length !== entry.uncompressedSize)
    throw toZipError(
      new Error(
        `${inflated.length > entry.uncompressedSize ? 'too many' : 'not enough'} bytes in the stream. expected ${String(entry.uncompressedSize)}. got ${String(inflated.length)}`,
      ),
      noun,
    );
  return inflated;
}

async function streamEntry(zip: ZipFile, entry: ZipEntry, maximum: number, noun: string): Promise<Readable> {
  refuseLargerThan(entry, maximum);
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
 * Opens a zip for safe reading (yauzl, lazily: nothing is inflated until asked). A zip of up to
 * {@link IN_MEMORY_ZIP_BYTES} is read whole first and its small entries inflate at once, with the
 * same checks; a bigger one is read from disk a piece at a time. Refuses at once
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
  const { zip, bytes } = await openFile(path, fileBytes, noun);
  const whole = (entry: ZipEntry): Buffer | undefined =>
    bytes !== undefined && entry.uncompressedSize <= WHOLE_ENTRY_BYTES ? bytes : undefined;
  if (zip.entryCount > limits.maximumEntries) {
    zip.close();
    throw new TransmuteError(
      'archive_unsafe',
      `The ${noun} has ${String(zip.entryCount)} entries; the limit is ${String(limits.maximumEntries)}.`,
    );
  }
  // From memory, the directory is read at once and handed out in order, its error (if any) in turn.
  const directory = bytes === undefined ? undefined : await readDirectory(zip, noun);
  let handedOut = 0;
  // yauzl reads no further entry once it has failed: the failure is kept and thrown again, as the
  // directory read at once keeps its own (a second call would otherwise wait for ever).
  let diskFailure: Error | undefined;
  const next = async (): Promise<ZipEntry | undefined> => {
    if (directory === undefined) {
      if (diskFailure !== undefined) throw diskFailure;
      return readNextEntry(zip, noun).catch((error: unknown) => {
        diskFailure = error instanceof Error ? error : new Error(String(error));
        throw diskFailure;
      });
    }
    const entry = directory.entries[handedOut];
    if (entry !== undefined) {
      handedOut += 1;
      return entry;
    }
    if (directory.failure !== undefined) throw directory.failure;
    return undefined;
  };
  let declared = 0;
  return {
    entryCount: zip.entryCount,
    nextEntry: async () => {
      const entry = await next();
      if (entry === undefined) return undefined;
      declared += entry.uncompressedSize;
      checkArchiveTotals(declared, fileBytes, limits, noun);
      return entry;
    },
    openStream: async (entry, maximumBytes) => {
      const held = whole(entry);
      if (held === undefined) return streamEntry(zip, entry, maximumBytes, noun);
      return Readable.from([inflateWhole(held, entry, maximumBytes, noun)], { objectMode: false });
    },
    readBytes: async (entry, maximumBytes) => {
      const held = whole(entry);
      if (held !== undefined) return inflateWhole(held, entry, maximumBytes, noun);
      const chunks: Buffer[] = [];
      for await (const chunk of await streamEntry(zip, entry, maximumBytes, noun))
        chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
