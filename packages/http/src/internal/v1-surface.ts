import { performance } from 'node:perf_hooks';
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { TransmuteError, assertRequestBody, createRequestId } from '@transmute/contract';
import type { ApiOperation, PathParameterName } from '@transmute/contract/operations';
import {
  contextOfTraceparent,
  toTraceparent,
  transmuteTracer,
  type Account,
  type Caller,
  type TransmuteService,
} from '@transmute/service';
import type { Authenticator } from './authenticate.js';
import { handleArtifact, handleUpload } from './blob-routes.js';
import { callOperation, parseOperationQuery, type OperationInput } from './call-operation.js';
import type { CoreHandler, CoreRequest, CoreResponse } from './core-types.js';
import { httpMetricsOf } from './http-metrics.js';
import { idempotencyFingerprint, parseIdempotencyKey } from './idempotency.js';
import { matchRoute, type RouteMatch } from './match-route.js';
import { operationResponse } from './operation-response.js';
import { errorResponse, type HandlerLogger } from './problem.js';
import type { RateLimiter } from './rate-limiter.js';
import { readJsonBody } from './read-body.js';
import { handleDocsRoute, isDocsPath } from './docs-routes.js';
import {
  handleOperatorRoute,
  isOperatorPath,
  OPERATOR_ROUTES,
  type MetricsRouteOptions,
} from './operator-routes.js';
import { recordRequest, type SeenRequest } from './record-request.js';
import { serveConsoleOf } from './console-hook.js';

/** Resolved settings of the core handler. */
export interface CoreSettings {
  service: TransmuteService;
  authenticate: Authenticator;
  rateLimiter: RateLimiter | null;
  basePath: string;
  docsBaseUrl: string;
  bodyLimits: { createJob: number; default: number };
  logger: HandlerLogger;
  /** How `/metrics` is served. */
  metricsRoute: MetricsRouteOptions;
  /** Directory of the built web console served at `/console`; null when the console is off. */
  consoleRoot: string | null;
}
const READ_ONLY_STATUSES = new Set(['suspended', 'canceled']);

interface ApiContext {
  settings: CoreSettings;
  request: CoreRequest;
  requestId: string;
  headers: Record<string, string>;
  /** The request span as a W3C traceparent (null without a tracing SDK), carried to its jobs. */
  traceparent: string | null;
  /** What the request turned out to be, for its access line and metrics (filled in by `route`). */
  seen: SeenRequest;
}

async function checkAccount(context: ApiContext, operation: ApiOperation): Promise<Account> {
  const { settings, request, headers } = context;
  const account = await settings.authenticate(request.header('authorization'));
  context.seen.accountId = account.id;
  if (settings.rateLimiter !== null) {
    const decision = await settings.rateLimiter.take(account.id, account.plan);
    Object.assign(headers, decision.headers);
    if (!decision.allowed) {
      httpMetricsOf(settings.service)?.rateLimitRefusals.inc({ plan: account.plan });
      throw new TransmuteError('rate_limited', 'Too many requests for this account; slow down.', {
        retryAfter: decision.retryAfter,
      });
    }
  }
  if (operation.method !== 'GET' && READ_ONLY_STATUSES.has(account.status)) {
    throw new TransmuteError(
      'account_suspended',
      `The account is ${account.status}: only reads are allowed.`,
    );
  }
  return account;
}

/** What the router found for an operation request. */
type FoundRoute = Extract<RouteMatch, { kind: 'found' }>;

function undecodableParameter(name: PathParameterName): TransmuteError {
  const detail = `The path parameter ${name} is not percent-encoded UTF-8.`;
  return new TransmuteError('invalid_parameter', detail, {
    fieldErrors: [{ field: name, code: 'invalid_format', detail }],
  });
}

async function handleApi(context: ApiContext, found: FoundRoute): Promise<CoreResponse> {
  const { settings, request, requestId, headers } = context;
  const { operation, params, malformedId, undecodable } = found;
  const account = await checkAccount(context, operation);
  if (undecodable !== null) throw undecodableParameter(undecodable);
  if (malformedId !== null) throw new TransmuteError('not_found', malformedId);
  // The URL is checked whole before the headers and the body are read.
  const query = parseOperationQuery(operation.query, request.query);
  const { operationId } = operation;
  const rawKey = operation.idempotencyKey === 'none' ? null : request.header('idempotency-key');
  if (rawKey === null && operation.idempotencyKey === 'required') {
    throw new TransmuteError('idempotency_key_missing', `${operationId} requires an Idempotency-Key header.`);
  }
  const key = rawKey === null ? null : parseIdempotencyKey(rawKey);
  let body: unknown = undefined;
  if (operation.requestBody !== null) {
    body = await readJsonBody(request, {
      maxBytes: settings.bodyLimits[operation.requestBody.limit],
      allowMergePatch: operation.method === 'PATCH',
    });
    assertRequestBody(operation.requestBody.schema, body);
  }
  const caller: Caller = {
    accountId: account.id,
    requestId,
    ...(context.traceparent === null ? {} : { traceparent: context.traceparent }),
  };
  const input: OperationInput = { caller, params, body, query };
  const answer = { basePath: settings.basePath, headers, replayed: false };
  const call = (): Promise<unknown> => callOperation(settings.service, operationId, input);
  if (key === null) return operationResponse(operationId, await call(), answer);
  const fingerprint = idempotencyFingerprint(operation.method, request.path, body);
  const { value, replayed } = await settings.service.runIdempotent(caller, { key, fingerprint }, call);
  return operationResponse(operationId, value, { ...answer, replayed });
}

async function route(context: ApiContext): Promise<CoreResponse> {
  const { settings, request, requestId, seen } = context;
  const { method, path } = request;
  const consoleAnswer = await serveConsoleOf(context);
  if (consoleAnswer !== null) return consoleAnswer;
  if (isOperatorPath(path)) {
    seen.operation = OPERATOR_ROUTES[path];
    const response = await handleOperatorRoute(path, request, {
      service: settings.service,
      metrics: settings.metricsRoute,
    });
    Object.assign(response.headers, context.headers);
    return response;
  }
  if (isDocsPath(path)) return handleDocsRoute(request, context.headers, seen);
  const blob = /^\/(uploads|artifacts)\/([^/]+)$/.exec(path);
  if (blob !== null) {
    const [, kind, token = ''] = blob;
    seen.operation = kind === 'uploads' ? 'upload' : 'artifact';
    const allowed = kind === 'uploads' ? ['PUT'] : ['GET', 'HEAD'];
    if (!allowed.includes(method)) {
      throw new TransmuteError('method_not_allowed', `Use ${allowed.join(' or ')}.`, {
        headers: { allow: allowed.join(', ') },
      });
    }
    const response =
      kind === 'uploads'
        ? await handleUpload(settings.service, request, token)
        : await handleArtifact(settings.service, request, token, {
            requestId,
            docsBaseUrl: settings.docsBaseUrl,
          });
    Object.assign(response.headers, context.headers);
    return response;
  }
  const match = matchRoute(method, path);
  switch (match.kind) {
    case 'not_found':
      throw new TransmuteError('route_not_found', `No route for ${path}.`);
    case 'method_not_allowed':
      throw new TransmuteError('method_not_allowed', `${method} is not allowed on ${path}.`, {
        headers: { allow: match.allow.join(', ') },
      });
    case 'found':
      seen.operation = match.operation.operationId;
      return handleApi(context, match);
  }
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
 * The request pipeline: route → auth → rate limit → account status → path parameters → query →
 * Idempotency-Key → content type → body size → JSON → schema → service. Every response carries
 * `Request-Id`; nothing throws.
 * HEAD runs the GET pipeline (same auth, rate limit and headers) and answers without a body.
 */
export function createCoreHandler(settings: CoreSettings): CoreHandler {
  return async (request) => {
    const startedAt = performance.now();
    const requestId = createRequestId();
    const headers: Record<string, string> = { 'request-id': requestId };
    const seen: SeenRequest = { operation: 'unmatched', accountId: null };
    const span = transmuteTracer().startSpan(
      'transmute.request',
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
      contextOfTraceparent(request.header('traceparent')),
    );
    const traceparent = toTraceparent(span);
    let response: CoreResponse;
    try {
      const context = { settings, request, requestId, headers, seen, traceparent };
      response = finish(await route(context), request.method);
    } catch (error) {
      response = errorResponse(error, {
        requestId,
        docsBaseUrl: settings.docsBaseUrl,
        logger: settings.logger,
      });
      Object.assign(response.headers, headers);
      response = finish(response, request.method);
    }
    recordRequest(settings, {
      requestId,
      method: request.method,
      seen,
      status: response.status,
      seconds: (performance.now() - startedAt) / 1000,
    });
    endRequestSpan(span, seen, response.status);
    return response;
  };
}
