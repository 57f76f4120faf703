import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { ArtifactVerificationError } from '../artifact-verification-error.js';
import type { ArtifactToDownload, DownloadOptions, DownloadResult } from '../client-types.js';
import { connectionFailed, toApiError } from './transport.js';

/** Where the bytes of a download to `path` collect until they are verified. */
export function partialPathOf(path: string): string {
  return `${path}.part`;
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** Feeds the bytes already on disk into the hash, so a resumed download verifies the whole file. */
async function hashExisting(path: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

/** A pass-through that hashes, counts and reports every chunk on its way to the destination. */
function meter(
  hash: Hash,
  start: number,
  total: number | undefined,
  onProgress: DownloadOptions['onProgress'],
): { transform: (source: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array>; received: () => number } {
  let received = start;
  return {
    received: () => received,
    transform: async function* (source) {
      for await (const chunk of source) {
        hash.update(chunk);
        received += chunk.byteLength;
        onProgress?.(received, total);
        yield chunk;
      }
    },
  };
}

function verify(artifact: ArtifactToDownload, received: number, sha256: string): void {
  if (artifact.size_bytes !== undefined && received !== artifact.size_bytes)
    throw new ArtifactVerificationError('size_mismatch', String(artifact.size_bytes), String(received));
  if (artifact.sha256 !== undefined && sha256 !== artifact.sha256.toLowerCase())
    throw new ArtifactVerificationError('digest_mismatch', artifact.sha256, sha256);
}

/**
 * Streams an artifact from its signed `download_url` (no credential is sent) to a path or a
 * writable stream, checking `size_bytes` and `sha256` when given. To a path, the bytes collect in
 * `<path>.part` and are renamed into place once verified; when a `.part` file is already there, only
 * the rest is requested (`Range: bytes=<n>-`, `If-Range: "<sha256>"`), and a server answering the
 * whole body instead (200) starts the file over. A mismatch removes the partial file and throws
 * `ArtifactVerificationError`.
 */
export async function downloadArtifact(
  fetchImpl: typeof fetch,
  artifact: ArtifactToDownload,
  destination: string | Writable,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  const toPath = typeof destination === 'string';
  const partial = toPath ? partialPathOf(destination) : '';
  let start = toPath && options.resume !== false ? await sizeOf(partial) : 0;
  if (artifact.size_bytes !== undefined && start > artifact.size_bytes) {
    await rm(partial, { force: true });
    start = 0;
  }
  const headers: Record<string, string> = {};
  if (start > 0) {
    headers.range = `bytes=${String(start)}-`;
    if (artifact.sha256 !== undefined) headers['if-range'] = `"${artifact.sha256}"`;
  }
  const response = await fetchImpl(artifact.download_url, {
    headers,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  }).catch((error: unknown) => {
    throw options.signal?.aborted === true
      ? error
      : connectionFailed({ method: 'GET', url: artifact.download_url }, error);
  });
  const hash = createHash('sha256');
  let resumed = false;
  if (response.status === 206 && start > 0) {
    if (!(response.headers.get('content-range') ?? '').startsWith(`bytes ${String(start)}-`)) {
      // Not the rest of the file: start over without a range.
      await response.body?.cancel();
      await rm(partial, { force: true });
      return downloadArtifact(fetchImpl, artifact, destination, { ...options, resume: false });
    }
    await hashExisting(partial, hash);
    resumed = true;
  } else if (response.status === 416 && start > 0) {
    // The partial file already holds every byte: verify it as it is.
    await response.body?.cancel();
    await hashExisting(partial, hash);
    return finish(artifact, destination, partial, start, hash.digest('hex'), true);
  } else if (!response.ok) {
    throw await toApiError(response);
  } else {
    start = 0;
  }
  const total = artifact.size_bytes ?? contentLength(response, start);
  const counter = meter(hash, start, total, options.onProgress);
  const body =
    response.body === null
      ? Readable.from([])
      : Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  const sink = toPath ? createWriteStream(partial, { flags: resumed ? 'a' : 'w' }) : destination;
  await pipeline(body, counter.transform, sink, {
    ...(toPath ? {} : { end: options.end !== false }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return finish(artifact, destination, partial, counter.received(), hash.digest('hex'), resumed);
}

function contentLength(response: Response, start: number): number | undefined {
  const header = response.headers.get('content-length');
  return header === null ? undefined : start + Number(header);
}

async function finish(
  artifact: ArtifactToDownload,
  destination: string | Writable,
  partial: string,
  received: number,
  sha256: string,
  resumed: boolean,
): Promise<DownloadResult> {
  try {
    verify(artifact, received, sha256);
  } catch (error) {
    if (typeof destination === 'string') await rm(partial, { force: true });
    throw error;
  }
  if (typeof destination === 'string') await rename(partial, destination);
  return { sizeBytes: received, sha256, resumed };
}
