import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { createRequestId, type ApiErrorCode } from '@transmute/contract';
import type { CoreResponse } from './core-types.js';
import { problemFor, type HandlerLogger } from './problem.js';

/** What a transport-level answer needs from the handler. */
export interface TransportSettings {
  docsBaseUrl: string;
  logger: HandlerLogger;
}

/** How long a refused connection may keep sending before it is cut. */
const LINGER_MS = 2_000;
/** Sockets already answered: node:http reports a parse error again for every later chunk. */
const answered = new WeakSet<Duplex>();

/** A problem+json answer made outside the request pipeline, with its own `Request-Id`. */
export function transportProblem(
  settings: TransportSettings,
  code: ApiErrorCode,
  detail: string,
): CoreResponse {
  const requestId = createRequestId();
  const response = problemFor(code, detail, { requestId, docsBaseUrl: settings.docsBaseUrl });
  response.headers['request-id'] = requestId;
  response.headers['content-length'] = String(Buffer.byteLength(response.body as string));
  return response;
}

function bodyBytes(body: CoreResponse['body']): Uint8Array {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return body;
  if (body !== null) body.cancel().catch(() => undefined);
  return new Uint8Array(0);
}

/**
 * Writes a whole response as raw HTTP/1.1 on a socket that no ServerResponse owns (a parse error,
 * a CONNECT) and closes the connection. The socket is read and discarded until the client closes
 * it, at most {@link LINGER_MS}: closing with unread bytes would reset the connection, and a reset
 * can destroy the answer before the client reads it.
 */
export function writeRawResponse(socket: Duplex, response: CoreResponse): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  // The client may be gone already: a failed write must not become an unhandled 'error'.
  socket.on('error', () => undefined);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = bodyBytes(response.body);
  const headers = { ...response.headers, 'content-length': String(body.byteLength), connection: 'close' };
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]));
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.resume();
}

/** Socket errors that only say the client went away: nothing to answer, a debug line at most. */
const DISCONNECTS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** node:http errors with an answer of their own; every other parse error is `malformed_request`. */
const ANSWERS: Record<string, [ApiErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [
    'headers_too_large',
    'The request header section is larger than this server accepts.',
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [
    'payload_too_large',
    'The chunk extensions of the request body are too large.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: ['request_timeout', 'The request did not arrive in time.'],
  HPE_INVALID_EOF_STATE: ['malformed_request', 'The connection closed before the request was complete.'],
};

/** The problem answering a parse or socket error of node:http; null when the client is gone. */
function classify(error: Error & { code?: string; reason?: string }): [ApiErrorCode, string] | null {
  const code = error.code ?? '';
  if (DISCONNECTS.has(code)) return null;
  const known = ANSWERS[code];
  if (known !== undefined) return known;
  const reason = (error.reason ?? error.message).replace(/^Parse Error:\s*/, '').replace(/\.$/, '');
  return ['malformed_request', `The request is not valid HTTP/1.1: ${reason || 'parse error'}.`];
}

/** Whether a response is already on the wire on this socket (our bytes would corrupt it). */
function responseStarted(socket: Duplex): boolean {
  // node:http keeps the in-flight ServerResponse there; its own default handler checks the same.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return inFlight?.headersSent === true;
}

/**
 * The `clientError` listener: answers what node:http could not parse with a minimal problem+json
 * (431 for oversized headers, 408 for a timeout, 400 `malformed_request` otherwise) carrying a
 * `Request-Id`, logs it at debug level, and closes the connection. A client that went away
 * (ECONNRESET) gets nothing but a debug line.
 */
export function answerClientError(settings: TransportSettings, error: Error, socket: Duplex): void {
  if (answered.has(socket)) return;
  const problem = classify(error);
  const response = problem === null ? null : transportProblem(settings, ...problem);
  settings.logger.debug?.('node:http refused a request or lost its client', {
    request_id: response?.headers['request-id'] ?? null,
    code: (error as { code?: string }).code ?? null,
    reason: error.message,
  });
  if (response === null || responseStarted(socket)) {
    answered.add(socket);
    socket.on('error', () => undefined);
    socket.destroy();
    return;
  }
  writeRawResponse(socket, response);
}
