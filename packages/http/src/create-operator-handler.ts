import { TransmuteError } from '@transmute/contract';
import type { TransmuteService } from '@transmute/service';
import { consoleLogger, docsBaseUrlOf, fetchHandlerOver, type FetchHandler } from './create-fetch-handler.js';
import { serveMountedSurfaces } from './internal/serve-surface.js';
import { operatorSurface, type MetricsRouteOptions } from './internal/operator-routes.js';
import type { HandlerLogger } from './internal/problem.js';
import type { Surface } from './internal/surface.js';

/** Options of {@link createOperatorHandler}. */
export interface OperatorHandlerOptions {
  service: TransmuteService;
  /** `/metrics`: open by default, behind `Authorization: Bearer <token>` with `token`, or `false`. */
  metrics?: MetricsRouteOptions;
  /** Where errors and (with an `info` method) the access lines go; default console.error. */
  logger?: HandlerLogger;
  /** Base of problem `type` URIs; default `{service.baseUrl}/docs`. */
  docsBaseUrl?: string;
}

/** Every path the table gives no other surface: 404 `route_not_found`. */
const NO_ROUTE: Surface = {
  name: 'unmatched',
  owns: () => true,
  serve: ({ request }) =>
    Promise.reject(new TransmuteError('route_not_found', `No route for ${request.path}.`)),
};

/**
 * The operator routes alone (`/healthz`, `/readyz`, `/metrics`), for a process that serves no API
 * (a `transmute worker`): the same table and wrapper as {@link createFetchHandler}, so every answer
 * has its `Request-Id`, an error its problem body, a request its metrics, span and access line;
 * every other path is 404 `route_not_found`.
 *
 * @example
 * createNodeServer(createOperatorHandler({ service, metrics: { token } })).listen(9090);
 */
export function createOperatorHandler(options: OperatorHandlerOptions): FetchHandler {
  const docsBaseUrl = docsBaseUrlOf(options.service, options.docsBaseUrl);
  const logger = options.logger ?? consoleLogger;
  const surfaces = [operatorSurface({ service: options.service, metrics: options.metrics ?? {} }), NO_ROUTE];
  const core = serveMountedSurfaces(surfaces, { service: options.service, docsBaseUrl, logger });
  return fetchHandlerOver(core, { basePath: '', docsBaseUrl, logger });
}
