import { performance } from 'node:perf_hooks';
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { createRequestId } from '@transmute/contract';
import {
  contextOfTraceparent,
  toTraceparent,
  transmuteTracer,
  type TransmuteService,
} from '@transmute/service';
import type { CoreHandler, CoreRequest, CoreResponse } from './core-types.js';
import { errorResponse, type HandlerLogger } from './problem.js';
import { recordRequest, type SeenRequest } from './record-request.js';
import type { Surface } from './surface.js';

/** What the wrapper needs besides the surface. */
export interface WrapperSettings {
  service: TransmuteService;
  docsBaseUrl: string;
  logger: HandlerLogger;
}

/**
 * Sets `Content-Length` on in-memory bodies, so a HEAD answer can carry the length GET would send;
 * then, for HEAD, drops the body and keeps the status and every header (RFC 9110 §9.3.2).
 */
function finish(response: CoreResponse, method: string): CoreResponse {
  const { body, headers } = response;
  if (typeof body === 'string') headers['content-length'] ??= String(Buffer.byteLength(body));
  else if (body instanceof Uint8Array) headers['content-length'] ??= String(body.byteLength);
  if (method !== 'HEAD' || body === null) return response;
  if (body instanceof ReadableStream) body.cancel().catch(() => undefined);
  return { ...response, body: null };
}

/** Names the request span after its operation and ends it with the status. */
function endRequestSpan(span: Span, seen: SeenRequest, status: number): void {
  span.updateName(`transmute.request ${seen.operation}`);
  span.setAttributes({ 'transmute.operation': seen.operation, 'http.response.status_code': status });
  if (seen.accountId !== null) span.setAttribute('transmute.account_id', seen.accountId);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * The one wrapper every surface is served through: a `Request-Id` on every answer, a problem body
 * for every error (nothing throws), HEAD without a body, the request span, the request metrics
 * and the access line.
 */
async function serveSurface(
  surface: Surface,
  request: CoreRequest,
  settings: WrapperSettings,
): Promise<CoreResponse> {
  const startedAt = performance.now();
  const requestId = createRequestId();
  const headers: Record<string, string> = { 'request-id': requestId };
  const seen: SeenRequest = { operation: surface.name, accountId: null };
  const span = transmuteTracer().startSpan(
    'transmute.request',
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
    contextOfTraceparent(request.header('traceparent')),
  );
  const traceparent = toTraceparent(span);
  let response: CoreResponse;
  try {
    response = await surface.serve({ request, requestId, headers, traceparent, seen });
  } catch (error) {
    response = errorResponse(error, {
      requestId,
      docsBaseUrl: settings.docsBaseUrl,
      logger: settings.logger,
    });
  }
  Object.assign(response.headers, headers);
  response = finish(response, request.method);
  recordRequest(settings, {
    requestId,
    method: request.method,
    seen,
    status: response.status,
    seconds: (performance.now() - startedAt) / 1000,
  });
  endRequestSpan(span, seen, response.status);
  return response;
}

/**
 * The handler over its table of mounted surfaces: the first surface that owns the path serves the
 * request, through the one wrapper above. The table ends with a surface that owns every other path
 * (the v1 API, which answers `route_not_found` for what it does not know).
 */
export function serveMountedSurfaces(surfaces: readonly Surface[], settings: WrapperSettings): CoreHandler {
  const last = surfaces.at(-1);
  if (last === undefined) throw new Error('The table of mounted surfaces is empty.');
  return (request) => {
    const surface = surfaces.find((candidate) => candidate.owns(request.path)) ?? last;
    return serveSurface(surface, request, settings);
  };
}
