import { TransmuteError } from '@transmute/plugin-sdk';
import { openZip, type ZipEntry } from '@transmute/plugin-sdk/zip';
import type { Readable } from 'node:stream';
import { createTreeBuilder, parseXml, type XmlElement } from './parse-xml.js';
import { workerMemoryOf } from './worker-memory.js';
import { decodeXmlBytes, writeDecoded } from './write-decoded.js';

/**
 * Limits of a zip package (docx, xlsx, pptx, odt, ods, odp, epub): a zip bomb is refused from the
 * central directory's declared sizes before anything inflates, and every part is counted again as
 * it inflates (headers can lie); the SDK's `openZip` enforces them.
 */
export interface PackageLimits {
  maximumEntries: number;
  maximumUncompressedBytes: number;
  /** Uncompressed ÷ compressed of the whole package, checked past {@link RATIO_FLOOR_BYTES}. */
  maximumCompressionRatio: number;
  /** The largest one part may inflate to. */
  maximumPartBytes: number;
  /**
   * The largest part read whole (as a tree or as text), from the parsing worker's memory bound
   * (`workerMemoryOf`); parts streamed a piece at a time (worksheets) may reach `maximumPartBytes`.
   * Absent, `maximumPartBytes`.
   */
  maximumWholePartBytes?: number;
}

export const DEFAULT_PACKAGE_LIMITS: PackageLimits = {
  maximumEntries: 10_000,
  maximumUncompressedBytes: 1024 * 1024 * 1024,
  maximumCompressionRatio: 200,
  maximumPartBytes: 512 * 1024 * 1024,
  maximumWholePartBytes: workerMemoryOf().wholePartBytes,
};

/** Below this many uncompressed bytes the ratio is not checked (small XML compresses a lot). */
const RATIO_FLOOR_BYTES = 16 * 1024 * 1024;

/**
 * A part declaring up to this many bytes is inflated and decoded whole, then parsed in one call:
 * streaming it costs a round trip per chunk, most of a small document's time, and the bytes and
 * text held for a moment are a fraction of the tree built from them (6 to 9 bytes a byte).
 */
export const PARSE_WHOLE_BYTES = 4 * 1024 * 1024;

/** An opened zip package: its part names and their bytes on demand. */
export interface OfficePackage {
  /** Every part name (no directories), as stored (`word/document.xml`). */
  readonly names: readonly string[];
  has(name: string): boolean;
  /** Uncompressed size declared for a part, or undefined when absent. */
  sizeOf(name: string): number | undefined;
  readBytes(name: string): Promise<Buffer>;
  /**
   * A part decoded as UTF-8 (XML parts of these formats are UTF-8, or UTF-16 with a BOM), for a
   * reader that holds it whole: past `maximumWholePartBytes` it is `limit_exceeded` before it inflates.
   */
  readText(name: string): Promise<string>;
  /**
   * An XML part parsed into a tree (`parseXml`'s rules) as it inflates, never held whole as bytes
   * or text; past `maximumWholePartBytes` it is `limit_exceeded` before it inflates.
   */
  readXml(name: string): Promise<XmlElement>;
  /**
   * A part as a stream of inflated bytes, for parts too big to hold (a worksheet of a million
   * rows); counted as it inflates like {@link readBytes}, erroring `archive_unsafe` past the limit.
   */
  openStream(name: string): Promise<Readable>;
  close(): void;
}

function toMb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Opens a zip package with its limits checked from the central directory (entry count, total
 * declared size, whole-package compression ratio) by the SDK's `openZip`. Parts are read on
 * demand, each counted as it inflates. `close()` releases the file.
 */
export async function openPackage(
  path: string,
  fileBytes: number,
  limits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): Promise<OfficePackage> {
  const zip = await openZip(path, {
    fileBytes,
    limits: { ...limits, ratioFloorBytes: RATIO_FLOOR_BYTES },
    noun: "document's package",
  });
  const entries = new Map<string, ZipEntry>();
  try {
    for (let entry = await zip.nextEntry(); entry !== undefined; entry = await zip.nextEntry())
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
  } catch (error) {
    zip.close();
    throw error;
  }
  const names = [...entries.keys()];
  const entryOf = (name: string): ZipEntry => {
    const entry = entries.get(name);
    if (entry === undefined) throw new TransmuteError('corrupt_file', `The document has no part ${name}.`);
    return entry;
  };
  const wholeLimit = limits.maximumWholePartBytes ?? limits.maximumPartBytes;
  const wholeEntryOf = (name: string): ZipEntry => {
    const entry = entryOf(name);
    // The declared size is a bound: yauzl errors when a part inflates past it.
    if (entry.uncompressedSize > wholeLimit)
      throw new TransmuteError(
        'limit_exceeded',
        `The part ${name} holds ${toMb(entry.uncompressedSize)} of XML; the parsing worker's memory (worker_max_heap_mb) holds parts up to ${toMb(wholeLimit)}.`,
      );
    return entry;
  };
  const openWhole = (name: string): Promise<Readable> =>
    zip.openStream(wholeEntryOf(name), Math.min(wholeLimit, limits.maximumPartBytes));
  return {
    names,
    has: (name) => entries.has(name),
    sizeOf: (name) => entries.get(name)?.uncompressedSize,
    readBytes: (name) => zip.readBytes(entryOf(name), limits.maximumPartBytes),
    readText: async (name) => {
      if (wholeEntryOf(name).uncompressedSize <= PARSE_WHOLE_BYTES)
        return decodeXmlBytes(await zip.readBytes(entryOf(name), limits.maximumPartBytes));
      const pieces: string[] = [];
      await writeDecoded(await openWhole(name), (text) => pieces.push(text));
      return pieces.join('');
    },
    readXml: async (name) => {
      if (wholeEntryOf(name).uncompressedSize <= PARSE_WHOLE_BYTES)
        return parseXml(decodeXmlBytes(await zip.readBytes(entryOf(name), limits.maximumPartBytes)), name);
      const builder = createTreeBuilder(name);
      await writeDecoded(await openWhole(name), (text) => builder.write(text));
      return builder.finish();
    },
    openStream: (name) => zip.openStream(entryOf(name), limits.maximumPartBytes),
    close: () => zip.close(),
  };
}
