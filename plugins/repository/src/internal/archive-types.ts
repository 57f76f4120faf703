import { isDocumentPath, isWebPagePath } from './classify.js';

/** Archive formats the repository source reads. */
export type ArchiveKind = 'zip' | 'tar' | 'tar.gz';

/** One entry of an archive as the digest sees it. */
export interface ArchiveEntry {
  path: string;
  kind: 'file' | 'directory' | 'link' | 'other';
  /** Uncompressed size in bytes. */
  size: number;
  /** The bytes, when the file was small enough to be read. */
  content?: Buffer;
}

/** Limits enforced while an archive is walked. */
export interface ArchiveLimits {
  maximumEntries: number;
  maximumUncompressedBytes: number;
  maximumCompressionRatio: number;
  /** Files larger than this are listed, not read. 0 reads nothing (inspection). */
  maximumFileBytes: number;
  /** The same for documents and web pages ({@link isConvertiblePath}), which are converted, not inlined. */
  maximumDocumentBytes: number;
}

/** True for a file read to be converted as a child document: an office file, a PDF, an e-book, mail, a web page. */
export function isConvertiblePath(path: string): boolean {
  return isDocumentPath(path) || isWebPagePath(path);
}

/** Whether the walk reads this file's bytes (its size within the limit of its kind; nothing when inspecting). */
export function shouldRead(item: ArchiveEntry, limits: ArchiveLimits): boolean {
  if (item.kind !== 'file' || limits.maximumFileBytes <= 0) return false;
  const limit = isConvertiblePath(item.path) ? limits.maximumDocumentBytes : limits.maximumFileBytes;
  return item.size <= limit;
}

/** What walking an archive yields. */
export interface ArchiveListing {
  entries: ArchiveEntry[];
  uncompressedBytes: number;
}

/** Below this many uncompressed bytes the compression ratio is not checked (tiny archives compress a lot). */
export const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

/** Recognizes an archive from its first bytes (at least 262 for tar). */
export function sniffArchive(head: Uint8Array): ArchiveKind | undefined {
  if (
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 0x03 || head[2] === 0x05) &&
    (head[3] === 0x04 || head[3] === 0x06)
  ) {
    return 'zip';
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
  if (Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return 'tar';
  return undefined;
}
