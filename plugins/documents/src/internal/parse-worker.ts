/**
 * Worker thread that reads documents, one request at a time: the format readers parse zip packages
 * and XML here, so that a slow or bloated file never blocks the main thread and can be stopped
 * (time and heap). The thread is kept warm for the next document (`parse-pool.ts`).
 */
import { serialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { isTransmuteError } from '@transmute/plugin-sdk';
import { FORMATS } from './formats.js';
import type { ParseReply, ParseRequest, WorkerReply } from './parse-protocol.js';

async function parse(request: ParseRequest): Promise<ParseReply> {
  const warnings: [string, string][] = [];
  const reader = FORMATS[request.file.mediaType];
  if (reader === undefined)
    return {
      ok: false,
      code: 'unsupported_content',
      detail: `No document reader for ${request.file.mediaType}.`,
    };
  try {
    const document = await reader(request.file, {
      signal: new AbortController().signal,
      limits: request.limits,
      warn: (code, detail) => warnings.push([code, detail]),
      ...(request.outputDir === undefined ? {} : { outputDir: request.outputDir }),
    });
    return { ok: true, document, warnings };
  } catch (error) {
    if (isTransmuteError(error)) return { ok: false, code: error.code, detail: error.message };
    if (error instanceof RangeError)
      return {
        ok: false,
        code: 'limit_exceeded',
        detail: `The document is too deeply nested or large: ${error.message}`,
      };
    return { ok: false, code: 'corrupt_file', detail: `The document could not be read: ${String(error)}` };
  }
}

/**
 * Sends the reply as one serialized buffer, transferred rather than cloned, so that it is never
 * copied onto the main thread's heap by the message itself. With it goes the heap this thread holds
 * now (the document and the reader's garbage): past the pool's threshold the main thread ends this
 * thread before it reads the reply, so that a large document is never on both heaps at once.
 */
function send(reply: ParseReply): void {
  const bytes = serialize(reply);
  const whole =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  const message: WorkerReply = {
    bytes: whole.buffer,
    heapUsedBytes: process.memoryUsage().heapUsed,
  };
  parentPort?.postMessage(message, [whole.buffer]);
}

parentPort?.on('message', (request: ParseRequest) => {
  void parse(request).then(send);
});
