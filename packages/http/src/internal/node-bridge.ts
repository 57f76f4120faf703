import type { IncomingMessage, ServerResponse } from 'node:http';
import { toBrokenBodyError } from './broken-body.js';
import type { CoreRequest, CoreResponse } from './core-types.js';

const HIGH_WATER_MARK = 64 * 1024;

/**
 * Wraps an IncomingMessage in a pull-based Web ReadableStream: the socket is paused whenever the
 * stream's queue is full, so an upload of any size keeps memory bounded. Cancel (e.g. after a 413)
 * drains the rest instead of destroying the socket, so the client still reads our response. A
 * connection that breaks off mid-body fails the stream with a `malformed_request` error.
 */
export function toWebStream(message: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        message.on('data', (chunk: Buffer) => {
          if (finished) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) message.pause();
        });
        message.once('end', () => {
          if (finished) return;
          finished = true;
          controller.close();
        });
        message.once('error', (error) => {
          if (finished) return;
          finished = true;
          controller.error(toBrokenBodyError(error));
        });
        message.pause();
      },
      pull() {
        message.resume();
      },
      cancel() {
        finished = true;
        message.resume();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}

/**
 * The whole body read straight from the message, without a Web stream; null once it passes
 * `maxBytes` (reading stops: handleNodeRequest drains the rest after the answer). A connection
 * that breaks off mid-body fails with a `malformed_request` error, as {@link toWebStream} does.
 */
function readWholeBody(message: IncomingMessage, maxBytes: number): Promise<Uint8Array | null> {
  if (!hasBody(message)) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      message.off('data', onData);
      message.pause();
      resolve(null);
    };
    message.on('data', onData);
    // Settling twice is a no-op: an end or error after the limit was passed changes nothing.
    message.once('end', () =>
      resolve(chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, total)),
    );
    message.once('error', (error) => reject(toBrokenBodyError(error)));
  });
}

function hasBody(message: IncomingMessage): boolean {
  const length = message.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return message.headers['transfer-encoding'] !== undefined;
}

/**
 * The path of a request target: origin-form as sent (`/v1/jobs`), the path of an absolute-form
 * http(s) URL, anything else (`*`, a CONNECT authority, junk) as sent, for the router to refuse.
 */
function toPathname(target: string): string {
  if (target.startsWith('/')) return target;
  const url = URL.parse(target);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') ? url.pathname : target;
}

/** Builds the core request straight from node's IncomingMessage (no Web Request allocation). */
export function toCoreRequest(
  message: IncomingMessage,
  url: string,
  stripPrefix: (path: string) => string,
): CoreRequest {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = toPathname(rawPath);
  const headers = message.headers;
  return {
    method: message.method ?? 'GET',
    path: stripPrefix(path),
    query: queryAt === -1 ? '' : url.slice(queryAt + 1),
    header: (name) => {
      const value = headers[name];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body: () => (hasBody(message) ? toWebStream(message) : null),
    bytes: (maxBytes) => readWholeBody(message, maxBytes),
  };
}

async function pipeStream(stream: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = stream.getReader();
  let closed = false;
  const onClose = (): void => {
    closed = true;
    reader.cancel().catch(() => undefined);
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || closed) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
    res.end();
  } catch {
    // The artifact stream failed mid-way: the status line is gone, so cut the connection.
    res.destroy();
  } finally {
    res.off('close', onClose);
  }
}

/** Writes a core response to a ServerResponse, streaming stream bodies with backpressure. */
export async function writeCoreResponse(response: CoreResponse, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, response.headers);
  const body = response.body;
  if (body === null) {
    res.end();
  } else if (typeof body === 'string' || body instanceof Uint8Array) {
    res.end(body);
  } else {
    await pipeStream(body, res);
  }
}
