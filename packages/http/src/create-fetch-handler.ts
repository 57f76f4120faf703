import { CONSOLE_DIST_DIR } from '@transmute/console';
import type { Plan } from '@transmute/contract';
import type { TransmuteService } from '@transmute/service';
import { createAuthenticator, type AuthOptions } from './internal/authenticate.js';
import { withBrokenBodyErrors } from './internal/broken-body.js';
import type { CoreHandler, CoreRequest, CoreResponse } from './internal/core-types.js';
import { httpMetricsOf } from './internal/http-metrics.js';
import { mcpSurface } from './internal/mcp-route.js';
import { serveMountedSurfaces } from './internal/serve-surface.js';
import { blobSurface } from './internal/blob-surface.js';
import { consoleSurface } from './internal/console-surface.js';
import { DOCS_SURFACE } from './internal/docs-routes.js';
import { operatorSurface, type MetricsRouteOptions } from './internal/operator-routes.js';
import type { HandlerLogger } from './internal/problem.js';
import { createRateLimiter, DEFAULT_PLAN_RATE_LIMITS, type RateLimiter } from './internal/rate-limiter.js';
import { reportStoreFailure } from './internal/report-store-failure.js';
import type { Surface } from './internal/surface.js';
import { v1Surface } from './internal/v1-surface.js';
import { createMemoryRateLimitStore, type RateLimitRule, type RateLimitStore } from './rate-limit-store.js';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  service: TransmuteService;
  /** API keys always work; configure `jwt` to also accept OAuth access tokens. */
  auth?: AuthOptions;
  /**
   * Path prefix the API is mounted under (e.g. `/api`), removed before routing and added to
   * `Location` headers. Default ''. Framework mounts that strip their prefix need none.
   */
  basePath?: string;
  /**
   * Base of problem `type` URIs (`<docsBaseUrl>/problems/<code>`); default the installation's own
   * docs, `{service.baseUrl}/docs` (served by this handler), or `http://localhost/docs` for a
   * service that does not say its base URL.
   */
  docsBaseUrl?: string;
  /**
   * Per-plan token buckets (CONTRACT §11); `false` turns rate limiting off. `store` is where the
   * buckets live: this process's memory by default (`now` is its clock); give every API process
   * one shared store (`createPostgresRateLimitStore`, `createRedisRateLimitStore`) so N processes
   * do not let an account through at N times its rate. A failing store lets requests through.
   */
  rateLimit?:
    false | { plans?: Partial<Record<Plan, RateLimitRule>>; now?: () => number; store?: RateLimitStore };
  /** Body limits in bytes: createJob (default 16 MiB) and every other JSON body (default 64 KiB). */
  bodyLimits?: { createJob?: number; default?: number };
  /**
   * Where unexpected errors are logged (default: console.error as one JSON line) and, with a
   * `debug` method, clients that broke off or garbled their requests (default: not logged).
   */
  logger?: HandlerLogger;
  /**
   * `{base}/metrics` (Prometheus text of `service.metrics`): open by default, behind
   * `Authorization: Bearer <token>` with `token`, or `false` for none.
   */
  metrics?: MetricsRouteOptions;
  /**
   * The web console at `{base}/console`: `true` serves the one built by `@transmute/console`
   * (`pnpm build`), `{ root }` the built files in another directory; off by default.
   */
  console?: boolean | { root: string };
}

/** The handler: a Web `Request → Response` function; mounts use its framework-neutral core. */
export interface FetchHandler {
  (request: Request): Promise<Response>;
  /** The framework-neutral core used by the node:http based mounts (no Request/Response objects). */
  readonly core: CoreHandler;
  /** The configured base path. */
  readonly basePath: string;
  /** The base of problem `type` URIs, for answers made outside the pipeline (node's parse errors). */
  readonly docsBaseUrl: string;
  /** Where the handler logs. */
  readonly logger: HandlerLogger;
}

/** Where a handler logs unless told otherwise: errors as one JSON line on stderr. */
export const consoleLogger: HandlerLogger = {
  error(message, details) {
    console.error(JSON.stringify({ level: 'error', message, ...details }));
  },
};

function consoleRootOf(option: FetchHandlerOptions['console']): string | null {
  if (option === undefined || option === false) return null;
  return option === true ? CONSOLE_DIST_DIR : option.root;
}

/** The base of problem `type` URIs: the one given, else the installation's own docs. */
export function docsBaseUrlOf(service: TransmuteService, given: string | undefined): string {
  return (given ?? `${service.baseUrl ?? 'http://localhost'}/docs`).replace(/\/+$/, '');
}

/** Removes the base path from a pathname; null when the path is outside it. */
export function stripBasePath(pathname: string, basePath: string): string | null {
  if (basePath === '') return pathname;
  if (pathname === basePath) return '/';
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : null;
}

function toCoreRequest(request: Request, basePath: string): CoreRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: stripBasePath(url.pathname, basePath) ?? url.pathname,
    query: url.search.slice(1),
    header: (name) => request.headers.get(name),
    body: () => (request.body === null ? null : withBrokenBodyErrors(request.body)),
  };
}

/** Converts a core response to a Web Response. */
export function toWebResponse(response: CoreResponse): Response {
  return new Response(response.body as BodyInit | null, {
    status: response.status,
    headers: response.headers,
  });
}

/**
 * Creates the v1 API as one Web-standard function: `Request → Response`, with the surfaces beside
 * `/v1` (the console, docs, operator routes, blob routes and the MCP endpoint at `/mcp`), each
 * served through one wrapper (request id, problem bodies, metrics, span). Every mount
 * (`@transmute/http/node`, `/express`, `/fastify`, `/hono`, `/koa`) is a thin layer around it.
 *
 * @example
 * const handler = createFetchHandler({ service, auth: { jwt: { issuer, audience, jwksUrl } } });
 * const response = await handler(new Request('http://localhost/v1/capabilities', { headers }));
 */
export function createFetchHandler(options: FetchHandlerOptions): FetchHandler {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const rateLimit = options.rateLimit ?? {};
  const docsBaseUrl = docsBaseUrlOf(options.service, options.docsBaseUrl);
  const logger = options.logger ?? consoleLogger;
  const authenticate = createAuthenticator(options.service, options.auth);
  const bodyLimits = {
    createJob: options.bodyLimits?.createJob ?? 16 * 1024 * 1024,
    default: options.bodyLimits?.default ?? 64 * 1024,
  };
  let rateLimiter: RateLimiter | null = null;
  if (rateLimit !== false) {
    const store = rateLimit.store ?? createMemoryRateLimitStore(rateLimit.now);
    rateLimiter = createRateLimiter(
      { ...DEFAULT_PLAN_RATE_LIMITS, ...rateLimit.plans },
      store,
      reportStoreFailure({ logger, metrics: httpMetricsOf(options.service) }),
    );
  }
  const consoleRoot = consoleRootOf(options.console);
  // The table of what the handler serves beside `/v1`; the v1 API answers every other path.
  const surfaces: Surface[] = [
    ...(consoleRoot === null ? [] : [consoleSurface(consoleRoot, options.service)]),
    operatorSurface({ service: options.service, metrics: options.metrics ?? {} }),
    DOCS_SURFACE,
    blobSurface({ service: options.service, docsBaseUrl }),
    // `/mcp`: its tools call the API through this handler itself, with the caller's credential.
    mcpSurface({
      authenticate,
      callApi: async (request) => toWebResponse(await core(toCoreRequest(request, ''))),
      // The JSON-RPC envelope around a createJob-sized text.
      maxBodyBytes: bodyLimits.createJob + 64 * 1024,
    }),
    v1Surface({ service: options.service, authenticate, rateLimiter, basePath, bodyLimits }),
  ];
  const core = serveMountedSurfaces(surfaces, { service: options.service, docsBaseUrl, logger });
  return fetchHandlerOver(core, { basePath, docsBaseUrl, logger });
}

/** The Web `Request → Response` function over a core (the mounts use the core itself). */
export function fetchHandlerOver(
  core: CoreHandler,
  settings: { basePath: string; docsBaseUrl: string; logger: HandlerLogger },
): FetchHandler {
  const handler = async (request: Request): Promise<Response> =>
    toWebResponse(await core(toCoreRequest(request, settings.basePath)));
  return Object.assign(handler, { core, ...settings });
}
