import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { FileResource } from '@transmute/contract';
import type { TransmuteClient } from '@transmute/client';
import { mediaTypeFromName } from '@transmute/engine';
import { UsageError } from './exit-codes.js';
import { sniffFile } from './media-types.js';
import { formatBytes, type ProgressBar } from './progress-bar.js';

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The bytes of a file as a web stream that moves the bar as they are sent. */
function meteredStream(
  path: string,
  sizeBytes: number,
  name: string,
  bar: ProgressBar,
): ReadableStream<Uint8Array> {
  let sent = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      sent += chunk.byteLength;
      bar.update(
        sizeBytes === 0 ? 100 : (sent / sizeBytes) * 100,
        `uploading ${name} ${formatBytes(sent)}/${formatBytes(sizeBytes)}`,
      );
      controller.enqueue(chunk);
    },
  });
  return (Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>).pipeThrough(counter);
}

/**
 * Uploads a local file (intent → PUT → complete) and waits until it is validated: the media type
 * from `--media-type`, else the extension, else the bytes; progress on the bar.
 */
export async function uploadPath(
  client: TransmuteClient,
  path: string,
  options: { mediaType?: string; bar: ProgressBar; signal: AbortSignal },
): Promise<FileResource> {
  let sizeBytes: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a regular file');
    sizeBytes = info.size;
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${(error as Error).message}.`);
  }
  const mediaType = options.mediaType ?? mediaTypeFromName(path) ?? (await sniffFile(path));
  if (mediaType === undefined)
    throw new UsageError(`Cannot tell the media type of ${path}; pass --media-type <type>.`);
  const name = basename(path);
  const sha256 = await sha256Of(path);
  try {
    return await client.uploadFile(
      { name, mediaType, sizeBytes, sha256, stream: meteredStream(path, sizeBytes, name, options.bar) },
      { waitUntilValidated: true, signal: options.signal },
    );
  } finally {
    options.bar.done();
  }
}
