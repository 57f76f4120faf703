import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * A blob's key: the sha256 of its bytes, then a suffix drawn afresh for every write, so that two
 * writes of the same bytes never share a key (blobs written before 0.9 have the sha256 alone). A
 * key is referred to only by the row of the write that made it: releasing it can never take bytes
 * that another row, of this account or another, still needs (docs/DECISIONS.md, "Blob keys").
 */
export const BLOB_KEY = /^[a-f0-9]{64}(?:\.[a-f0-9]{16})?$/;

/** A fresh key for a write of bytes with this sha256 (lowercase hex). */
export function newBlobKey(sha256: string): string {
  return `${sha256}.${randomBytes(8).toString('hex')}`;
}

/** The sha256 of the bytes a key names. */
export function sha256OfBlobKey(key: string): string {
  return key.slice(0, 64);
}

/** What a stored blob is. */
export interface BlobInfo {
  /** The blob's key ({@link BLOB_KEY}): unique to this write. */
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

/** Options of {@link BlobStore.putFile}. */
export interface PutFileOptions {
  /** The caller will delete the file once stored: the store may move it into place. */
  giveUp?: boolean;
  /**
   * The file's whole content, when the caller wrote the file from these bytes and still holds
   * them (a render's small text artifact): a store may take them instead of reading the file back.
   * The store hashes them itself; the caller vouches only that the file holds exactly these bytes.
   */
  bytes?: Uint8Array;
}

/**
 * Where uploads, checkpoints, normalized documents and artifacts live. Streamed both ways; never
 * whole files in memory.
 */
export interface BlobStore {
  /** Streams bytes in under a new key, hashing as they pass; written via a temporary file and a rename. */
  put(
    source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
    options?: BlobPutOptions,
  ): Promise<BlobInfo>;
  /**
   * Stores a local file (copied, streamed). With `{ giveUp: true }` the caller is done with the
   * file (a render's artifact, removed after): a store may take the file itself instead of a copy,
   * so the file may be gone afterwards.
   */
  putFile(path: string, options?: PutFileOptions): Promise<BlobInfo>;
  /** Stores a small value held in memory (checkpoints, JSON documents). */
  putBytes(data: Uint8Array | string): Promise<BlobInfo>;
  /** Reads a whole small blob (checkpoints, documents). */
  getBytes(key: string): Promise<Buffer>;
  /** Streams a blob, optionally an inclusive byte range. */
  open(key: string, range?: { start: number; end: number }): Readable;
  /** Size of a blob, or null when absent. */
  stat(key: string): Promise<{ sizeBytes: number } | null>;
  /**
   * A local path holding the blob's bytes (the engine reads files by path): the blob itself on a
   * filesystem store, a local copy (kept until the orphan sweep's grace passes unused) otherwise.
   */
  localFile(key: string): Promise<string>;
  /** Removes a blob; missing blobs are ignored. */
  delete(key: string): Promise<void>;

  // ---- orphan collection (the service's sweep; see `RetentionConfig.orphanGraceMs`) ----
  /** Up to `limit` keys of stored blobs, in ascending order, after `after` (null: from the first). */
  listKeys(after: string | null, limit: number): Promise<string[]>;
  /**
   * Removes a blob unless it was written less than `graceMs` ago. Returns the bytes removed, or
   * null when the blob was kept or absent.
   */
  deleteUnlessRecent(key: string, graceMs: number): Promise<number | null>;
  /**
   * Removes up to `limit` temporary files of writes that never finished (a crash mid-write), last
   * written more than `graceMs` ago; a write still in progress keeps touching its file and stays.
   */
  deleteStaleTemporaries(graceMs: number, limit: number): Promise<{ name: string; sizeBytes: number }[]>;
  /** Present when clients send and fetch bytes straight to and from the storage service. */
  direct?: DirectBlobAccess;
}

/** What a client must send to put an upload's bytes straight into storage. */
export interface DirectUploadTarget {
  url: string;
  /** Headers the PUT must carry (the content type, the sha256 checksum the storage checks). */
  headers: Record<string, string>;
}

/** What the upload intent declared, signed into the presigned PUT. */
export interface DirectUploadIntent {
  mediaType: string;
  /** Lowercase hex. */
  sha256: string;
  /** Signed as the request's length: a store that checks signed headers refuses any other. */
  sizeBytes: number;
  expiresAt: Date;
}

/**
 * Presigned URLs of an object store: upload bytes land under a per-file key outside the
 * content-addressed blobs until the completion takes them in (hashed, so never trusted unread).
 */
export interface DirectBlobAccess {
  /**
   * The origin (`scheme://host[:port]`) of the presigned URLs: a browser client (the web console)
   * must be allowed to reach it, since uploads and downloads go there, not to the API.
   */
  origin(): Promise<string>;
  /** A presigned PUT of a file's bytes, valid until the intent's end. */
  presignUpload(fileId: string, intent: DirectUploadIntent): Promise<DirectUploadTarget>;
  /**
   * Takes the bytes PUT for a file into the store (streamed, hashed) and removes the uploaded
   * object; null when nothing was uploaded.
   */
  receiveUpload(fileId: string): Promise<BlobInfo | null>;
  /** Removes whatever was PUT for a file (a lapsed or deleted upload); missing is ignored. */
  discardUpload(fileId: string): Promise<void>;
  /** A presigned GET of a blob (Range works), served with this name and type, valid until `expiresAt`. */
  presignDownload(
    key: string,
    download: { name: string; mediaType: string; expiresAt: Date },
  ): Promise<string>;
}
