import type { ExtractedDocument } from '@transmute/plugin-sdk';
import type { DocumentFile } from './format-reader.js';

/** What the main thread asks the parsing worker: read one file with these limits. */
export interface ParseRequest {
  file: DocumentFile;
  limits: Record<string, number>;
  /** Where the reader writes embedded files (attachments), a directory of its own in the run's `workDir`. */
  outputDir?: string;
}

/** The worker's reply to one request: the document and its warnings, or the failure's code and detail. */
export type ParseReply =
  | { ok: true; document: ExtractedDocument; warnings: [string, string][] }
  | { ok: false; code: string; detail: string };

/**
 * What the worker posts: its {@link ParseReply} serialized into one buffer, transferred rather than
 * cloned, and its heap in use once the reply was serialized, from which the main thread decides
 * whether the thread is kept warm or ended before the reply is read.
 */
export interface WorkerReply {
  bytes: ArrayBuffer;
  heapUsedBytes: number;
}
