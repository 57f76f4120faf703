import { TransmuteError } from '@transmute/plugin-sdk';
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * A pass-through that hashes and counts the bytes flowing to disk and fails the pipeline as soon
 * as they pass `maximumBytes`, so an oversized artifact is never completed.
 */
export class CountingSink extends Transform {
  readonly #hash = createHash('sha256');
  readonly #maximumBytes: number;
  readonly #what: string;
  bytes = 0;

  constructor(maximumBytes: number, what: string) {
    super();
    this.#maximumBytes = maximumBytes;
    this.#what = what;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#maximumBytes) {
      callback(
        new TransmuteError(
          'limit_exceeded',
          `The ${this.#what} is larger than maximum_archive_bytes (${this.#maximumBytes} bytes); no partial artifact was kept.`,
        ),
      );
      return;
    }
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  /** The hex sha256 of everything that passed (call after the stream finished). */
  digest(): string {
    return this.#hash.digest('hex');
  }
}
