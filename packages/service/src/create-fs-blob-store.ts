import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { TransmuteError } from '@transmute/contract';
import type { BlobInfo, BlobPutOptions, BlobStore } from './blob-store.js';

/** Options of {@link createFsBlobStore}. */
export interface FsBlobStoreOptions {
  /** Root directory (created when missing). */
  root: string;
}

const KEY = /^[a-f0-9]{64}$/;

function toReadable(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): Readable {
  if (source instanceof ReadableStream) {
    return Readable.fromWeb(source as WebReadableStream<Uint8Array>);
  }
  return Readable.from(source);
}

/**
 * A filesystem {@link BlobStore}: `<root>/ab/cd/<sha256>`, written through `<root>/tmp/` and an
 * atomic rename, streamed both ways.
 *
 * @example
 * const blobs = await createFsBlobStore({ root: './data/blobs' });
 */
export async function createFsBlobStore(options: FsBlobStoreOptions): Promise<BlobStore> {
  const root = options.root;
  const tmp = join(root, 'tmp');
  await mkdir(tmp, { recursive: true });
  const pathOf = (key: string): string => {
    if (!KEY.test(key)) throw new TransmuteError('not_found', 'Unknown blob.');
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
      const target = pathOf(sha256);
      await mkdir(join(target, '..'), { recursive: true });
      await rename(temp, target);
      return { key: sha256, sha256, sizeBytes: size };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  return {
    put,
    putFile: (path) => put(createReadStream(path)),
    putBytes: (data) => put(Readable.from([typeof data === 'string' ? Buffer.from(data, 'utf8') : data])),
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
    localPath: (key) => pathOf(key),
    delete: async (key) => {
      await rm(pathOf(key), { force: true });
    },
  };
}
