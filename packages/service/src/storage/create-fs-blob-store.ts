import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { TransmuteError } from '@transmute/contract';
import {
  BLOB_KEY,
  newBlobKey,
  type BlobInfo,
  type BlobPutOptions,
  type BlobStore,
  type PutFileOptions,
} from './blob-store.js';

/** Options of {@link createFsBlobStore}. */
export interface FsBlobStoreOptions {
  /** Root directory (created when missing). */
  root: string;
}

/** Blobs up to this size are written from memory in one call ({@link createFsBlobStore}). */
const SMALL_BLOB_BYTES = 1 << 20;

/** A directory level of the tree: the key's first, then its second, two hex characters. */
const LEVEL = /^[a-f0-9]{2}$/;

function hasCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === code;
}

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    return await stat(path);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return null;
    throw error;
  }
}

/** The names in a directory that `keep` accepts, sorted; none when it does not exist. */
async function namesIn(dir: string, keep: (name: string) => boolean): Promise<string[]> {
  try {
    return (await readdir(dir)).filter(keep).sort();
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return [];
    throw error;
  }
}

/**
 * Moves written temporaries to their blob paths, making a key's directory (`ab/cd`) only the first
 * time this process needs it: later blobs under it cost one rename instead of a recursive mkdir
 * (a mkdir answered EEXIST, then a stat) and the rename. A directory removed behind its back is
 * made again when the rename says it is missing. At most 65,536 directories are remembered.
 */
function createBlobMover(): (temp: string, target: string) => Promise<void> {
  const made = new Set<string>();
  return async (temp, target) => {
    const dir = dirname(target);
    if (made.has(dir)) {
      try {
        await rename(temp, target);
        return;
      } catch (error) {
        if (!hasCode(error, 'ENOENT')) throw error;
      }
    }
    await mkdir(dir, { recursive: true });
    made.add(dir);
    await rename(temp, target);
  };
}

const ageMs = (info: Stats): number => Date.now() - info.mtimeMs;

function toReadable(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): Readable {
  if (source instanceof ReadableStream) {
    return Readable.fromWeb(source as WebReadableStream<Uint8Array>);
  }
  return Readable.from(source);
}

/**
 * A filesystem {@link BlobStore}: `<root>/ab/cd/<key>`, written through `<root>/tmp/` and an
 * atomic rename, streamed both ways. A blob's age for orphan collection is its file's mtime: the
 * rename keeps the time of the last byte written, so bytes just stored always look fresh.
 *
 * @example
 * const blobs = await createFsBlobStore({ root: './data/blobs' });
 */
export async function createFsBlobStore(options: FsBlobStoreOptions): Promise<BlobStore> {
  const root = options.root;
  const tmp = join(root, 'tmp');
  await mkdir(tmp, { recursive: true });
  const moveInto = createBlobMover();
  const pathOf = (key: string): string => {
    if (!BLOB_KEY.test(key)) throw new TransmuteError('not_found', 'Unknown blob.');
    return join(root, key.slice(0, 2), key.slice(2, 4), key);
  };

  const put = async (
    source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
    putOptions: BlobPutOptions = {},
  ): Promise<BlobInfo> => {
    const hash = createHash('sha256');
    let size = 0;
    const limit = putOptions.maxBytes;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (limit !== undefined && size > limit) {
          callback(
            new TransmuteError('payload_too_large', `The body is larger than ${String(limit)} bytes.`),
          );
          return;
        }
        hash.update(chunk);
        putOptions.onChunk?.(chunk);
        callback(null, chunk);
      },
    });
    const temp = join(tmp, `${randomBytes(12).toString('hex')}.part`);
    try {
      await pipeline(toReadable(source), meter, createWriteStream(temp));
      const sha256 = hash.digest('hex');
      const key = newBlobKey(sha256);
      await moveInto(temp, pathOf(key));
      return { key, sha256, sizeBytes: size };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  /**
   * A small blob already in memory: hashed and written in one call each (a stream pipeline costs
   * several turns of the event loop, more than writing a tiny job's document or artifact).
   */
  const putSmall = async (data: Buffer): Promise<BlobInfo> => {
    const sha256 = createHash('sha256').update(data).digest('hex');
    const key = newBlobKey(sha256);
    const target = pathOf(key);
    const temp = join(tmp, `${randomBytes(12).toString('hex')}.part`);
    try {
      await writeFile(temp, data);
      await moveInto(temp, target);
      return { key, sha256, sizeBytes: data.length };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  /** Whether a rename from a given-up file's directory into the store failed across filesystems. */
  let crossDevice = false;

  /**
   * A small file the caller gives up, moved into place by one rename once its bytes are hashed:
   * no temporary written (open, write, close) and no unlink of the original after. The bytes hashed
   * are the file's, read just before; nothing else writes a file given up. Its mtime (the blob's
   * age for orphan collection) is when its last byte was written, as a copy's would be. Across
   * filesystems (EXDEV) it is copied, and this store copies from then on.
   */
  const takeSmall = async (path: string, data: Buffer): Promise<BlobInfo> => {
    const sha256 = createHash('sha256').update(data).digest('hex');
    const key = newBlobKey(sha256);
    try {
      await moveInto(path, pathOf(key));
      return { key, sha256, sizeBytes: data.length };
    } catch (error) {
      if (!hasCode(error, 'EXDEV')) throw error;
      crossDevice = true;
      return putSmall(data);
    }
  };

  /** A small file's bytes stored: the file itself moved into place when given up, else a copy. */
  const putSmallFile = (path: string, data: Buffer, giveUp: boolean): Promise<BlobInfo> =>
    giveUp && !crossDevice ? takeSmall(path, data) : putSmall(data);

  const putFile = async (path: string, fileOptions: PutFileOptions = {}): Promise<BlobInfo> => {
    const giveUp = fileOptions.giveUp === true;
    const given = fileOptions.bytes;
    // With the bytes in hand the file is not read back (open, two fstats, a read and a close: five
    // calls through the thread pool for a tiny job's artifact); given up, it is only renamed.
    if (given !== undefined && given.length <= SMALL_BLOB_BYTES) {
      return putSmallFile(path, Buffer.from(given.buffer, given.byteOffset, given.byteLength), giveUp);
    }
    const handle = await open(path, 'r');
    let data: Buffer | undefined;
    try {
      const { size } = await handle.stat();
      if (size <= SMALL_BLOB_BYTES) data = await handle.readFile();
    } finally {
      await handle.close();
    }
    return data === undefined ? put(createReadStream(path)) : putSmallFile(path, data, giveUp);
  };

  const listKeys = async (after: string | null, limit: number): Promise<string[]> => {
    const from = after ?? '';
    const keys: string[] = [];
    // Whole subtrees before the cursor are skipped by name, so a run reads only what it returns.
    for (const a of await namesIn(root, (n) => LEVEL.test(n) && n >= from.slice(0, 2))) {
      for (const b of await namesIn(join(root, a), (n) => LEVEL.test(n) && a + n >= from.slice(0, 4))) {
        const leaf = (n: string): boolean => BLOB_KEY.test(n) && n.startsWith(a + b) && n > from;
        for (const key of await namesIn(join(root, a, b), leaf)) {
          keys.push(key);
          if (keys.length === limit) return keys;
        }
      }
    }
    return keys;
  };

  const deleteUnlessRecent = async (key: string, graceMs: number): Promise<number | null> => {
    const path = pathOf(key);
    const before = await statOrNull(path);
    if (before === null || ageMs(before) < graceMs) return null;
    await rm(path, { force: true });
    return before.size;
  };

  const deleteStaleTemporaries = async (
    graceMs: number,
    limit: number,
  ): Promise<{ name: string; sizeBytes: number }[]> => {
    const removed: { name: string; sizeBytes: number }[] = [];
    for (const name of await namesIn(tmp, () => true)) {
      if (removed.length === limit) break;
      const info = await statOrNull(join(tmp, name));
      if (info?.isFile() !== true || ageMs(info) < graceMs) continue;
      await rm(join(tmp, name), { force: true });
      removed.push({ name, sizeBytes: info.size });
    }
    return removed;
  };

  return {
    put,
    listKeys,
    deleteUnlessRecent,
    deleteStaleTemporaries,
    putFile,
    putBytes: (data) => {
      const bytes =
        typeof data === 'string'
          ? Buffer.from(data, 'utf8')
          : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      return bytes.length <= SMALL_BLOB_BYTES ? putSmall(bytes) : put(Readable.from([bytes]));
    },
    getBytes: (key) => readFile(pathOf(key)),
    open: (key, range) =>
      createReadStream(pathOf(key), range === undefined ? {} : { start: range.start, end: range.end }),
    stat: async (key) => {
      try {
        const info = await stat(pathOf(key));
        return { sizeBytes: info.size };
      } catch {
        return null;
      }
    },
    localFile: (key) => Promise.resolve().then(() => pathOf(key)),
    delete: async (key) => {
      await rm(pathOf(key), { force: true });
    },
  };
}
