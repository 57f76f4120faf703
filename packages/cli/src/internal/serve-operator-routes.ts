import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Service } from '@transmute/service';
import { createOperatorHandler } from '@transmute/http';
import { createNodeServer } from '@transmute/http/node';
import type { CliLogger } from './create-logger.js';

/** A listening operator endpoint. */
export interface OperatorServer {
  /** `http://host:port` it listens on. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `/healthz`, `/readyz` and `/metrics` of a service that has no API server (a `transmute
 * worker`) on their own port; every other path is 404 `route_not_found` (a problem body with its
 * `Request-Id`, as on the API server), so a worker never answers the API.
 */
export async function serveOperatorRoutes(
  service: Service,
  options: { host: string; port: number; metricsToken: string | undefined; logger: CliLogger },
): Promise<OperatorServer> {
  const handler = createOperatorHandler({
    service,
    logger: {
      error: (message, details) => options.logger.error(message, details),
      warn: (message, details) => options.logger.warn(message, details),
      // The access line of each operator request, as on the API server.
      info: (message, details) => options.logger.info(message, details),
      debug: (message, details) => options.logger.debug(message, details),
    },
    metrics: options.metricsToken === undefined ? {} : { token: options.metricsToken },
  });
  const server: Server = createNodeServer(handler);
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
