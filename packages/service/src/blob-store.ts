import type { Readable } from 'node:stream';

/** What a stored blob is: content-addressed by its sha256. */
export interface BlobInfo {
  /** The blob's key (= its sha256, lowercase hex). */
  key: string;
  sha256: string;
  sizeBytes: number;
}

/** Options of {@link BlobStore.put}. */
export interface BlobPutOptions {
  /** Refuse (and keep nothing) once more bytes than this arrive. */
  maxBytes?: number;
  /** Called with each chunk as it streams (e.g. to count progress). */
  onChunk?: (chunk: Uint8Array) => void;
}

/**
 * Where uploads, checkpoints, normalized documents and artifacts live. Streamed both ways; never
 * whole files in memory.
 */
export interface BlobStore {
  /** Streams bytes in, hashing as they pass; written via a temporary file and a rename. */
  put(
    source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
    options?: BlobPutOptions,
  ): Promise<BlobInfo>;
  /** Stores a local file (copied, streamed). */
  putFile(path: string): Promise<BlobInfo>;
  /** Stores a small value held in memory (checkpoints, JSON documents). */
  putBytes(data: Uint8Array | string): Promise<BlobInfo>;
  /** Reads a whole small blob (checkpoints, documents). */
  getBytes(key: string): Promise<Buffer>;
  /** Streams a blob, optionally an inclusive byte range. */
  open(key: string, range?: { start: number; end: number }): Readable;
  /** Size of a blob, or null when absent. */
  stat(key: string): Promise<{ sizeBytes: number } | null>;
  /** A local path of the blob when the store is on this disk (the engine reads files by path). */
  localPath(key: string): string | null;
  /** Removes a blob; missing blobs are ignored. */
  delete(key: string): Promise<void>;

  // ---- orphan collection (the service's sweep; see `RetentionConfig.orphanGraceMs`) ----
  /** Up to `limit` keys of stored blobs, in ascending order, after `after` (null: from the first). */
  listKeys(after: string | null, limit: number): Promise<string[]>;
  /**
   * Removes a blob unless it was written less than `graceMs` ago, also when a writer stores the
   * same bytes again while it is being removed (that write wins). Returns the bytes removed, or
   * null when the blob was kept or absent.
   */
  deleteUnlessRecent(key: string, graceMs: number): Promise<number | null>;
  /**
   * Removes up to `limit` temporary files of writes that never finished (a crash mid-write), last
   * written more than `graceMs` ago; a write still in progress keeps touching its file and stays.
   */
  deleteStaleTemporaries(graceMs: number, limit: number): Promise<{ name: string; sizeBytes: number }[]>;
}
