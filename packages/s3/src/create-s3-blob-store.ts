import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { TransmuteError } from '@transmute/contract';
import {
  BLOB_KEY,
  newBlobKey,
  sha256OfBlobKey,
  type BlobInfo,
  type BlobPutOptions,
  type BlobStore,
  type DirectBlobAccess,
} from '@transmute/service';

/** Options of {@link createS3BlobStore}. */
export interface S3BlobStoreOptions {
  bucket: string;
  /** Key prefix of every object (e.g. `transmute/`); empty for the bucket's root. */
  prefix?: string;
  /**
   * The S3 client's settings (`endpoint`, `region`, `forcePathStyle`, `credentials`); credentials
   * default to the standard AWS chain (environment, shared files, instance roles).
   */
  client?: S3ClientConfig;
  /** Local directory of the copies the engine reads by path and of writes being spooled. */
  cacheDir: string;
  /** Size of each part of a multipart upload (at least 5 MiB); parts in flight are the memory used. */
  partSizeBytes?: number;
}

const MIB = 1024 * 1024;
/** S3's longest presigned URL life (SigV4): seven days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

function toReadable(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): Readable {
  if (source instanceof ReadableStream) return Readable.fromWeb(source as WebReadableStream<Uint8Array>);
  return Readable.from(source);
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

function secondsUntil(end: Date): number {
  return Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor((end.getTime() - Date.now()) / 1000)));
}

/** A Transform that hashes and counts what passes, refusing bytes past `maxBytes`. */
function meter(options: BlobPutOptions): { stream: Transform; done: () => { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (options.maxBytes !== undefined && size > options.maxBytes) {
        callback(
          new TransmuteError(
            'payload_too_large',
            `The body is larger than ${String(options.maxBytes)} bytes.`,
          ),
        );
        return;
      }
      hash.update(chunk);
      options.onChunk?.(chunk);
      callback(null, chunk);
    },
  });
  return { stream, done: () => ({ sha256: hash.digest('hex'), size }) };
}

/**
 * An S3-compatible {@link BlobStore} (AWS SDK v3): blobs are objects `<prefix>blobs/<key>`,
 * uploads PUT straight to `<prefix>incoming/<fileId>` by presigned URL, downloads by presigned GET.
 * A write is spooled to a local file while hashed (its key begins with its sha256, known only at the end),
 * then sent in parts: memory stays at a few parts whatever the size. Local copies for the engine
 * live in `cacheDir` and are dropped by `deleteStaleTemporaries` once unused for the grace period.
 *
 * @example
 * const blobs = await createS3BlobStore({ bucket: 'transmute', cacheDir: './data/blob-cache' });
 */
export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const partSize = Math.max(5 * MIB, options.partSizeBytes ?? 8 * MIB);
  const client = new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...options.client,
  });
  // A wrong bucket, endpoint or credential shows at start, not at the first upload.
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    throw new Error(`The blob bucket ${bucket} is not reachable: ${String(error)}`, { cause: error });
  }
  const spool = join(options.cacheDir, 'spool');
  const copies = join(options.cacheDir, 'copies');
  await mkdir(spool, { recursive: true });
  await mkdir(copies, { recursive: true });
  const objectOf = (key: string): string => {
    if (!BLOB_KEY.test(key)) throw new TransmuteError('not_found', 'Unknown blob.');
    return `${prefix}blobs/${key}`;
  };
  const incomingOf = (fileId: string): string => `${prefix}incoming/${encodeURIComponent(fileId)}`;
  const spoolFile = (): string => join(spool, `${randomBytes(12).toString('hex')}.part`);

  const head = async (object: string): Promise<{ size: number; modified: Date } | null> => {
    try {
      const info = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: object }));
      return { size: info.ContentLength ?? 0, modified: info.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const removeObject = async (object: string): Promise<void> => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object }));
  };

  /** Sends a local file to an object, in parts when large. */
  const upload = async (path: string, object: string): Promise<void> => {
    const sending = new Upload({
      client,
      params: { Bucket: bucket, Key: object, Body: createReadStream(path, { highWaterMark: MIB }) },
      partSize,
      queueSize: 2,
    });
    await sending.done();
  };

  const put = async (
    source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
    putOptions: BlobPutOptions = {},
  ): Promise<BlobInfo> => {
    const counted = meter(putOptions);
    const temp = spoolFile();
    try {
      await pipeline(toReadable(source), counted.stream, createWriteStream(temp));
      const { sha256, size } = counted.done();
      const key = newBlobKey(sha256);
      await upload(temp, objectOf(key));
      // The spooled bytes are the blob: kept as its local copy.
      await rename(temp, join(copies, key));
      return { key, sha256, sizeBytes: size };
    } finally {
      await rm(temp, { force: true });
    }
  };

  const open = (key: string, range?: { start: number; end: number }): Readable => {
    const out = new PassThrough();
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: objectOf(key),
      ...(range === undefined ? {} : { Range: `bytes=${String(range.start)}-${String(range.end)}` }),
    });
    client.send(command).then(
      (response) => {
        const body = response.Body as Readable | undefined;
        if (body === undefined) {
          out.end();
          return;
        }
        pipeline(body, out).catch((error: unknown) => out.destroy(error as Error));
      },
      (error: unknown) =>
        out.destroy(isMissing(error) ? new TransmuteError('not_found', 'Unknown blob.') : (error as Error)),
    );
    return out;
  };

  const localFile = async (key: string): Promise<string> => {
    const target = join(copies, key);
    objectOf(key);
    try {
      const now = new Date();
      await utimes(target, now, now);
      return target;
    } catch {
      const temp = spoolFile();
      try {
        const counted = meter({});
        await pipeline(open(key), counted.stream, createWriteStream(temp));
        if (counted.done().sha256 !== sha256OfBlobKey(key)) {
          throw new TransmuteError('corrupt_file', 'The stored bytes do not match their digest.');
        }
        await rename(temp, target);
        return target;
      } finally {
        await rm(temp, { force: true });
      }
    }
  };

  const listKeys = async (after: string | null, limit: number): Promise<string[]> => {
    const listed = await client.send(
      // ListObjects (v1) with a marker: the one listing every S3-compatible store implements alike.
      new ListObjectsCommand({
        Bucket: bucket,
        Prefix: `${prefix}blobs/`,
        MaxKeys: limit,
        ...(after === null ? {} : { Marker: `${prefix}blobs/${after}` }),
      }),
    );
    return (listed.Contents ?? [])
      .map((item) => (item.Key ?? '').slice(`${prefix}blobs/`.length))
      .filter((key) => BLOB_KEY.test(key));
  };

  // No writer stores a key twice (a fresh suffix per write), so nothing can land between the HEAD
  // and the DELETE below.
  const deleteUnlessRecent = async (key: string, graceMs: number): Promise<number | null> => {
    const object = objectOf(key);
    const info = await head(object);
    if (info === null || Date.now() - info.modified.getTime() < graceMs) return null;
    await removeObject(object);
    await rm(join(copies, key), { force: true });
    return info.size;
  };

  /**
   * Uploaded objects never taken in (a PUT after the complete, a crash before the removal) once
   * last written longer ago than the grace; the sweep of lapsed intents removes the others sooner.
   */
  const deleteStaleIncoming = async (
    graceMs: number,
    limit: number,
  ): Promise<{ name: string; sizeBytes: number }[]> => {
    const listed = await client.send(
      new ListObjectsCommand({ Bucket: bucket, Prefix: `${prefix}incoming/`, MaxKeys: limit }),
    );
    const removed: { name: string; sizeBytes: number }[] = [];
    for (const item of listed.Contents ?? []) {
      if (item.Key === undefined || Date.now() - (item.LastModified?.getTime() ?? 0) < graceMs) continue;
      await removeObject(item.Key);
      removed.push({ name: item.Key.slice(prefix.length), sizeBytes: item.Size ?? 0 });
    }
    return removed;
  };

  /**
   * Spooled writes a crash left behind and stale uploaded objects (reported), and local copies
   * unused for the grace period (dropped silently: they are copies).
   */
  const deleteStaleTemporaries = async (
    graceMs: number,
    limit: number,
  ): Promise<{ name: string; sizeBytes: number }[]> => {
    const removed = await deleteStaleIncoming(graceMs, limit);
    for (const [dir, reported] of [
      [spool, true],
      [copies, false],
    ] as const) {
      for (const name of (await readdir(dir)).sort()) {
        if (removed.length === limit) return removed;
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile() !== true || Date.now() - info.mtimeMs < graceMs) continue;
        await rm(join(dir, name), { force: true });
        if (reported) removed.push({ name, sizeBytes: info.size });
      }
    }
    return removed;
  };

  let origin: Promise<string> | undefined;
  const direct: DirectBlobAccess = {
    origin() {
      const probe = new GetObjectCommand({ Bucket: bucket, Key: incomingOf('origin') });
      origin ??= getSignedUrl(client, probe, { expiresIn: 60 }).then((url) => new URL(url).origin);
      return origin;
    },
    async presignUpload(fileId, intent) {
      const checksum = Buffer.from(intent.sha256, 'hex').toString('base64');
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: incomingOf(fileId),
        ContentType: intent.mediaType,
        ContentLength: intent.sizeBytes,
        ChecksumSHA256: checksum,
      });
      const url = await getSignedUrl(client, command, {
        expiresIn: secondsUntil(intent.expiresAt),
        // Signed, so AWS S3 refuses another type or length (fetch sets the length of a body itself).
        signableHeaders: new Set(['content-type', 'content-length']),
        unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
      });
      return { url, headers: { 'Content-Type': intent.mediaType, 'x-amz-checksum-sha256': checksum } };
    },
    async receiveUpload(fileId) {
      const object = incomingOf(fileId);
      if ((await head(object)) === null) return null;
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: object }));
      const blob = await put(response.Body as Readable);
      await removeObject(object);
      return blob;
    },
    async discardUpload(fileId) {
      await removeObject(incomingOf(fileId));
    },
    presignDownload(key, download) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: objectOf(key),
        ResponseContentType: download.mediaType,
        ResponseContentDisposition: `attachment; filename="${download.name.replace(/["\\\r\n]/g, '_')}"`,
      });
      return getSignedUrl(client, command, { expiresIn: secondsUntil(download.expiresAt) });
    },
  };

  return {
    put,
    open,
    localFile,
    listKeys,
    deleteUnlessRecent,
    deleteStaleTemporaries,
    direct,
    putFile: (path) => put(createReadStream(path)),
    putBytes: (data) => put(Readable.from([typeof data === 'string' ? Buffer.from(data, 'utf8') : data])),
    getBytes: async (key) => {
      const chunks: Buffer[] = [];
      for await (const chunk of open(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stat: async (key) => {
      const info = await head(objectOf(key));
      return info === null ? null : { sizeBytes: info.size };
    },
    delete: async (key) => {
      await removeObject(objectOf(key));
      await rm(join(copies, key), { force: true });
    },
  };
}
