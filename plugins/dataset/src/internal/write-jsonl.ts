import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Artifact } from '@transmute/plugin-sdk';
import { CountingSink } from './counting-sink.js';

/** Where and what to write. */
export interface WriteJsonlOptions {
  path: string;
  name: string;
  records: Record<string, unknown>[];
  maximumBytes: number;
  signal: AbortSignal;
}

/** The JSONL media type used for every JSONL artifact and zip entry. */
export const JSONL_MEDIA_TYPE = 'application/x-ndjson';

/**
 * Streams records to a file, one JSON object per line, hashing while writing. Over the byte
 * limit the file is removed and the error thrown: there is never a truncated artifact.
 */
export async function writeJsonl(options: WriteJsonlOptions): Promise<Artifact> {
  const sink = new CountingSink(options.maximumBytes, 'JSONL output');
  const lines = Readable.from(toLines(options.records));
  try {
    await pipeline(lines, sink, createWriteStream(options.path), { signal: options.signal });
  } catch (error) {
    await rm(options.path, { force: true });
    throw error;
  }
  return {
    name: options.name,
    mediaType: JSONL_MEDIA_TYPE,
    path: options.path,
    sizeBytes: sink.bytes,
    sha256: sink.digest(),
  };
}

function* toLines(records: Record<string, unknown>[]): Generator<string> {
  // Batches of lines keep the number of stream chunks (and their overhead) small.
  let batch = '';
  for (const record of records) {
    batch += `${JSON.stringify(record)}\n`;
    if (batch.length >= 65_536) {
      yield batch;
      batch = '';
    }
  }
  if (batch !== '') yield batch;
}
