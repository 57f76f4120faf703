import { TransmuteError } from '@transmute/plugin-sdk';
import { openZip, type ZipEntry } from '@transmute/plugin-sdk/zip';
import type { Readable } from 'node:stream';

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

/** Decodes an XML part: UTF-8 (BOM dropped), or UTF-16 when it starts with a UTF-16 BOM. */
export function decodeXmlBytes(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
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
  return {
    names,
    has: (name) => entries.has(name),
    sizeOf: (name) => entries.get(name)?.uncompressedSize,
    readBytes: (name) => zip.readBytes(entryOf(name), limits.maximumPartBytes),
    readText: async (name) => decodeXmlBytes(await zip.readBytes(entryOf(name), limits.maximumPartBytes)),
    openStream: (name) => zip.openStream(entryOf(name), limits.maximumPartBytes),
    close: () => zip.close(),
  };
}
