import type { IncomingMessage, ServerResponse } from 'node:http';
import { stripBasePath, type FetchHandler } from './create-fetch-handler.js';
import { toCoreRequest, writeCoreResponse } from './internal/node-bridge.js';

/** A node:http request listener. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Mounts the handler on node:http: request bodies are streamed (uploads of any size with bounded
 * memory), responses are streamed with backpressure.
 *
 * @example
 * http.createServer(createNodeListener(createFetchHandler({ service }))).listen(8080);
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
 */
export async function handleNodeRequest(
  handler: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
): Promise<void> {
  const request = toCoreRequest(req, url, (path) => stripBasePath(path, handler.basePath) ?? path);
  const response = await handler.core(request);
  await writeCoreResponse(response, res);
  if (!req.complete) {
    // Body left unread (an early error): discard the rest so the connection stays usable.
    req.removeAllListeners('data');
    req.resume();
  }
}
