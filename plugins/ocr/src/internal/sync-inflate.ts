import { inflateSync } from 'node:zlib';

/**
 * A `DecompressionStream` for pdf.js's worker side that inflates in one synchronous call.
 *
 * pdf.js inflates every content stream and font program it reads through `DecompressionStream`
 * when the global exists. Under Node that is a web stream over an asynchronous zlib stream: for
 * the few kilobytes of a page's content, its promises, queue steps and thread-pool hop cost more
 * than the inflating (about a twentieth of the pdf.js worker's time on a one-page document). This
 * one hands pdf.js the same bytes, and fails where Node's does (a truncated or corrupt stream, junk
 * after its end, a format other than `deflate`), so that pdf.js falls back to its own decoder on
 * the same streams as before.
 */
/**
 * The most one synchronous call inflates. A larger stream (a decompression bomb, or a huge image
 * that text extraction rarely needs) fails here and goes to pdf.js's own decoder, which gives the
 * same bytes in pieces, under the worker's time and memory bounds, instead of one allocation.
 */
export const MAX_SYNC_INFLATED_BYTES = 64 * 1024 * 1024;

export class SyncDecompressionStream {
  readonly writable: { getWriter(): SyncWriter };
  readonly readable: { getReader(): SyncReader };

  constructor(format: string) {
    if (format !== 'deflate') throw new TypeError(`Unsupported compression format: ${format}`);
    const written: Uint8Array[] = [];
    const writer: SyncWriter = {
      ready: Promise.resolve(),
      write: (chunk) => {
        written.push(chunk);
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
    };
    let done = false;
    // pdf.js writes and closes without waiting, then reads until done (`getReader().read()`).
    const reader: SyncReader = {
      read: async () => {
        await Promise.resolve(); // as a web stream: the writer's chunks are in before the first read
        if (done) return { done: true, value: undefined };
        done = true;
        const [only] = written;
        const input = written.length === 1 && only !== undefined ? only : Buffer.concat(written);
        const value = inflateSync(input, {
          rejectGarbageAfterEnd: true,
          maxOutputLength: MAX_SYNC_INFLATED_BYTES,
        });
        return { done: false, value };
      },
    };
    this.writable = { getWriter: () => writer };
    this.readable = { getReader: () => reader };
  }
}

/** The part of a web stream reader pdf.js uses. */
interface SyncReader {
  read(): Promise<{ done: false; value: Uint8Array } | { done: true; value: undefined }>;
}

interface SyncWriter {
  ready: Promise<void>;
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Makes this thread's `DecompressionStream` the synchronous one (pdf.js worker threads only). */
export function installSyncInflate(): void {
  (globalThis as { DecompressionStream?: unknown }).DecompressionStream = SyncDecompressionStream;
}
