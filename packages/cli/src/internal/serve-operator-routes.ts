import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Service } from '@transmute/service';
import { createFetchHandler } from '@transmute/http';
import type { CliLogger } from './create-logger.js';

const OPERATOR_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** A listening operator endpoint. */
export interface OperatorServer {
  /** `http://host:port` it listens on. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `/healthz`, `/readyz` and `/metrics` of a service that has no API server (a `transmute
 * worker`) on their own port; every other path is 404, so a worker never answers the API.
 */
export async function serveOperatorRoutes(
  service: Service,
  options: { host: string; port: number; metricsToken: string | undefined; logger: CliLogger },
): Promise<OperatorServer> {
  const handler = createFetchHandler({
    service,
    rateLimit: false,
    logger: {
      error: (message, details) => options.logger.error(message, details),
      warn: (message, details) => options.logger.warn(message, details),
      // The access line of each operator request, as on the API server.
      info: (message, details) => options.logger.info(message, details),
      debug: (message, details) => options.logger.debug(message, details),
    },
    metrics: options.metricsToken === undefined ? {} : { token: options.metricsToken },
  });
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://operator').pathname;
    if (!OPERATOR_PATHS.has(path)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const authorization = request.headers.authorization;
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    void handler(new Request(`http://operator${path}`, { method: request.method ?? 'GET', headers }))
      .then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(request.method === 'HEAD' ? undefined : Buffer.from(await answer.arrayBuffer()));
      })
      .catch((error: unknown) => {
        options.logger.error('operator route failed', { error: String(error) });
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
  });
  server.listen(options.port, options.host);
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => Promise.reject(error as Error)),
  ]);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
