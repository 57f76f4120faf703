import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { stripBasePath, type FetchHandler } from './create-fetch-handler.js';
import { toCoreRequest, writeCoreResponse } from './internal/node-bridge.js';
import { answerClientError, transportProblem, writeRawResponse } from './internal/node-transport.js';

/** A node:http request listener. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Mounts the handler on node:http: request bodies are streamed (uploads of any size with bounded
 * memory), responses are streamed with backpressure. Prefer {@link createNodeServer}, which also
 * answers what never reaches a listener; on a server of your own, call {@link attachProblemHandlers}.
 *
 * @example
 * const server = http.createServer(createNodeListener(handler));
 * attachProblemHandlers(server, handler);
 * server.listen(8080);
 */
export function createNodeListener(handler: FetchHandler): NodeListener {
  return (req, res) => {
    handleNodeRequest(handler, req, res, req.url ?? '/').catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : undefined);
    });
  };
}

/**
 * Serves one node request with the handler's core; `url` is the path + query the API sees
 * (frameworks pass the URL with their mount prefix already removed). Used by every node-based mount.
 * An HTTP/1.1 request without `Host` is refused here (RFC 9112 §3.2) with a problem body, so that a
 * server made with `requireHostHeader: false` does not answer it with node's bare 400.
 */
export async function handleNodeRequest(
  handler: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
): Promise<void> {
  const response =
    req.httpVersion === '1.1' && req.headers.host === undefined
      ? transportProblem(handler, 'malformed_request', 'An HTTP/1.1 request must carry a Host header.')
      : await handler.core(toCoreRequest(req, url, (path) => stripBasePath(path, handler.basePath) ?? path));
  await writeCoreResponse(response, res);
  if (!req.complete) {
    // Body left unread (an early error): discard the rest so the connection stays usable.
    req.removeAllListeners('data');
    req.resume();
  }
}

/**
 * Makes a node:http server answer, with a problem+json body and a `Request-Id`, what never reaches
 * a request listener:
 * - `clientError`: a request node:http cannot parse (NUL or DEL in a header, bad chunked encoding,
 *   `Content-Length` with `Transfer-Encoding`, two `Content-Length`, an unknown method) answers 400
 *   `malformed_request`, oversized headers 431 `headers_too_large`, a timeout 408 `request_timeout`;
 *   a client that went away is logged at debug level. Replaces any `clientError` listener already
 *   there (Fastify installs its own).
 * - `connect`: a CONNECT request goes through the router (404 `route_not_found`, or 405 with `Allow`)
 *   and the connection closes; without a listener node would destroy the socket unanswered.
 * - `checkExpectation`: an `Expect` other than `100-continue` is served like any request (RFC 9110
 *   §10.1.1 allows it) instead of node's bare 417.
 * A `connect` or `checkExpectation` listener of your own is kept.
 *
 * @example
 * const server = https.createServer(tlsOptions, createNodeListener(handler));
 * attachProblemHandlers(server, handler);
 */
export function attachProblemHandlers(server: Server, handler: FetchHandler): Server {
  server.removeAllListeners('clientError');
  server.on('clientError', (error: Error, socket: Duplex) => answerClientError(handler, error, socket));
  if (server.listenerCount('connect') === 0) {
    server.on('connect', (req: IncomingMessage, socket: Duplex) => {
      // The socket is ours now: a client that resets it must not become an unhandled 'error'.
      socket.on('error', () => undefined);
      const request = toCoreRequest(
        req,
        req.url ?? '/',
        (path) => stripBasePath(path, handler.basePath) ?? path,
      );
      handler
        .core({ ...request, body: () => null })
        .then((response) => writeRawResponse(socket, response))
        .catch(() => socket.destroy());
    });
  }
  if (server.listenerCount('checkExpectation') === 0) {
    server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) =>
      server.emit('request', req, res),
    );
  }
  return server;
}

/**
 * A node:http server for the handler with {@link attachProblemHandlers} attached and node's bare
 * 400 for a missing `Host` turned off (the listener answers it with a problem body). `transmute
 * serve` runs on it.
 *
 * @example
 * createNodeServer(createFetchHandler({ service })).listen(8080);
 */
export function createNodeServer(handler: FetchHandler, options: ServerOptions = {}): Server {
  const server = createServer({ requireHostHeader: false, ...options }, createNodeListener(handler));
  return attachProblemHandlers(server, handler);
}
