import { TransmuteError } from '@transmute/plugin-sdk';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';

/**
 * Limits of a zip package (docx, xlsx, pptx, odt, ods, odp, epub): a zip bomb is refused from the
 * central directory's declared sizes before anything inflates, and every part is counted again as
 * it inflates (headers can lie).
 */
export interface PackageLimits {
  maximumEntries: number;
  maximumUncompressedBytes: number;
  /** Uncompressed ÷ compressed of the whole package, checked past {@link RATIO_FLOOR_BYTES}. */
  maximumCompressionRatio: number;
  /** The largest one part may inflate to. */
  maximumPartBytes: number;
}

export const DEFAULT_PACKAGE_LIMITS: PackageLimits = {
  maximumEntries: 10_000,
  maximumUncompressedBytes: 1024 * 1024 * 1024,
  maximumCompressionRatio: 200,
  maximumPartBytes: 512 * 1024 * 1024,
};

/** Below this many uncompressed bytes the ratio is not checked (small XML compresses a lot). */
const RATIO_FLOOR_BYTES = 16 * 1024 * 1024;

/** An opened zip package: its part names and their bytes on demand. */
export interface OfficePackage {
  /** Every part name (no directories), as stored (`word/document.xml`). */
  readonly names: readonly string[];
  has(name: string): boolean;
  /** Uncompressed size declared for a part, or undefined when absent. */
  sizeOf(name: string): number | undefined;
  readBytes(name: string): Promise<Buffer>;
  /** A part decoded as UTF-8 (XML parts of these formats are UTF-8, or UTF-16 with a BOM). */
  readText(name: string): Promise<string>;
  /**
   * A part as a stream of inflated bytes, for parts too big to hold (a worksheet of a million
   * rows); counted as it inflates like {@link readBytes}, erroring `archive_unsafe` past the limit.
   */
  openStream(name: string): Promise<Readable>;
  close(): void;
}

function toPackageError(error: Error): TransmuteError {
  if (/encrypted/i.test(error.message)) {
    return new TransmuteError('encrypted_document', 'The document is encrypted.', { cause: error });
  }
  return new TransmuteError('corrupt_file', `The document's zip package is corrupt: ${error.message}`, {
    cause: error,
  });
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true },
      (error, zip) => {
        if (error !== null) reject(toPackageError(error));
        else resolve(zip);
      },
    );
  });
}

function listEntries(zip: ZipFile, limits: PackageLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let total = 0;
    zip.on('entry', (entry: Entry) => {
      if (entries.size + 1 > limits.maximumEntries) {
        zip.close();
        reject(
          new TransmuteError(
            'archive_unsafe',
            `The document's package has more than ${String(limits.maximumEntries)} parts.`,
          ),
        );
        return;
      }
      total += entry.uncompressedSize;
      if (total > limits.maximumUncompressedBytes) {
        zip.close();
        reject(
          new TransmuteError(
            'archive_unsafe',
            `The document's package inflates past ${String(limits.maximumUncompressedBytes)} bytes.`,
          ),
        );
        return;
      }
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(toPackageError(error)));
    zip.readEntry();
  });
}

function streamEntry(zip: ZipFile, entry: Entry, maximum: number): Promise<Readable> {
  if (entry.uncompressedSize > maximum) {
    return Promise.reject(
      new TransmuteError(
        'archive_unsafe',
        `The part ${entry.fileName} is larger than ${String(maximum)} bytes.`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error !== null) return reject(toPackageError(error));
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
        counted.destroy(streamError instanceof TransmuteError ? streamError : toPackageError(streamError)),
      );
      counted.on('close', () => stream.destroy());
      resolve(stream.pipe(counted));
    });
  });
}

/** A whole part's bytes, counted as it inflates like {@link streamEntry}. */
async function readEntry(zip: ZipFile, entry: Entry, maximum: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await streamEntry(zip, entry, maximum)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes an XML part: UTF-8 (BOM dropped), or UTF-16 when it starts with a UTF-16 BOM. */
export function decodeXmlBytes(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
}

/**
 * Opens a zip package with its limits checked from the central directory (entry count, total
 * declared size, whole-package compression ratio). Parts are read on demand, each counted as it
 * inflates. `close()` releases the file.
 */
export async function openPackage(
  path: string,
  fileBytes: number,
  limits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): Promise<OfficePackage> {
  const zip = await openZip(path);
  let entries: Map<string, Entry>;
  try {
    entries = await listEntries(zip, limits);
  } catch (error) {
    zip.close();
    throw error;
  }
  let declared = 0;
  for (const entry of entries.values()) declared += entry.uncompressedSize;
  if (declared > RATIO_FLOOR_BYTES && declared / Math.max(1, fileBytes) > limits.maximumCompressionRatio) {
    zip.close();
    throw new TransmuteError(
      'archive_unsafe',
      `The document's package inflates ${String(Math.round(declared / Math.max(1, fileBytes)))} times its size (a zip bomb).`,
    );
  }
  const names = [...entries.keys()];
  const entryOf = (name: string): Entry => {
    const entry = entries.get(name);
    if (entry === undefined) throw new TransmuteError('corrupt_file', `The document has no part ${name}.`);
    return entry;
  };
  return {
    names,
    has: (name) => entries.has(name),
    sizeOf: (name) => entries.get(name)?.uncompressedSize,
    readBytes: (name) => readEntry(zip, entryOf(name), limits.maximumPartBytes),
    readText: async (name) => decodeXmlBytes(await readEntry(zip, entryOf(name), limits.maximumPartBytes)),
    openStream: (name) => streamEntry(zip, entryOf(name), limits.maximumPartBytes),
    close: () => zip.close(),
  };
}
