import { timingSafeEqual } from 'node:crypto';
import { TransmuteError } from '@transmute/contract';
import type { TransmuteService } from '@transmute/service';
import type { CoreRequest, CoreResponse } from './core-types.js';
import type { Surface } from './surface.js';

/** How `/metrics` is served: off, open, or behind a bearer token. */
export type MetricsRouteOptions = false | { token?: string };

/** The routes for operators beside `/v1` (CONTRACT §12a), by path. */
export const OPERATOR_ROUTES = { '/healthz': 'healthz', '/readyz': 'readyz', '/metrics': 'metrics' } as const;

/** A path of {@link OPERATOR_ROUTES}. */
export type OperatorPath = keyof typeof OPERATOR_ROUTES;

const JSON_TYPE = 'application/json; charset=utf-8';

/** True when the path is one of {@link OPERATOR_ROUTES}. */
export function isOperatorPath(path: string): path is OperatorPath {
  return Object.hasOwn(OPERATOR_ROUTES, path);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readyz(service: TransmuteService): Promise<CoreResponse> {
  // A service without readiness checks is ready as long as it answers.
  const readiness = (await service.readiness?.()) ?? { ready: true, checks: {} };
  const body = { status: readiness.ready ? 'ready' : 'not_ready', checks: readiness.checks };
  return {
    status: readiness.ready ? 200 : 503,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

async function metrics(
  service: TransmuteService,
  request: CoreRequest,
  options: MetricsRouteOptions,
): Promise<CoreResponse> {
  if (options === false || service.metrics === undefined)
    throw new TransmuteError('route_not_found', 'No route for /metrics.');
  if (options.token !== undefined) {
    const match = /^Bearer (.+)$/i.exec(request.header('authorization') ?? '');
    if (match?.[1] === undefined || !sameSecret(match[1], options.token)) {
      throw new TransmuteError('unauthenticated', 'The metrics endpoint needs its bearer token.', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
  }
  const { registry } = service.metrics;
  return {
    status: 200,
    headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
    body: await registry.metrics(),
  };
}

/**
 * `/healthz` (the process answers), `/readyz` (200 when the service's readiness checks pass, 503
 * with the failed checks otherwise, e.g. while shutting down) and `/metrics` (Prometheus text).
 */
export async function handleOperatorRoute(
  path: OperatorPath,
  request: CoreRequest,
  settings: { service: TransmuteService; metrics: MetricsRouteOptions },
): Promise<CoreResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    throw new TransmuteError('method_not_allowed', 'Use GET.', { headers: { allow: 'GET, HEAD' } });
  switch (path) {
    case '/healthz':
      return { status: 200, headers: { 'content-type': JSON_TYPE }, body: '{"status":"ok"}' };
    case '/readyz':
      return readyz(settings.service);
    case '/metrics':
      return metrics(settings.service, request, settings.metrics);
  }
}

/** The operator routes as a mounted surface, each recorded under its own name. */
export function operatorSurface(settings: {
  service: TransmuteService;
  metrics: MetricsRouteOptions;
}): Surface {
  return {
    name: 'operator',
    owns: isOperatorPath,
    async serve({ request, seen }) {
      const { path } = request;
      if (!isOperatorPath(path)) throw new TransmuteError('route_not_found', `No route for ${path}.`);
      seen.operation = OPERATOR_ROUTES[path];
      return handleOperatorRoute(path, request, settings);
    },
  };
}
