import { TransmuteError, type Problem } from '@transmute/contract';
import type { Account, Caller, StoredOutcome, TransmuteService } from '@transmute/service';
import type { Authenticator } from './authenticate.js';
import { handleArtifact, handleUpload } from './blob-routes.js';
import type { CoreHandler, CoreRequest, CoreResponse } from './core-types.js';
import { idempotencyFingerprint, parseIdempotencyKey } from './idempotency.js';
import { BODY_OPERATIONS, OPERATIONS, requiresIdempotencyKey, type OperationResult } from './operations.js';
import { errorResponse, toProblem, type HandlerLogger } from './problem.js';
import type { RateLimiter } from './rate-limiter.js';
import { readJsonBody } from './read-body.js';
import { createRequestId } from './request-id.js';
import { matchRoute, type RouteDefinition } from './routes.js';
import { validateBody } from './validate-body.js';

/** Resolved settings of the core handler. */
export interface CoreSettings {
  service: TransmuteService;
  authenticate: Authenticator;
  rateLimiter: RateLimiter | null;
  basePath: string;
  docsBaseUrl: string;
  bodyLimits: { createJob: number; default: number };
  logger: HandlerLogger;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const READ_ONLY_STATUSES = new Set(['suspended', 'canceled']);
/** Errors raised inside an operation that are kept with the idempotency key (a replay answers them again). */
const STORED_ERROR_STATUSES = new Set([403, 404, 409, 422]);
const UNSTORED_ERROR_CODES = new Set([
  'validation_failed',
  'idempotency_key_reused',
  'idempotency_key_in_use',
]);

function jsonResponse(result: OperationResult, headers: Record<string, string>): CoreResponse {
  if (result.location !== undefined) headers.location = result.location;
  if (result.status === 204) return { status: 204, headers, body: null };
  headers['content-type'] = JSON_TYPE;
  return { status: result.status, headers, body: JSON.stringify(result.body) };
}

/** Runs the operation for idempotency: non-retryable 4xx outcomes are stored like successes. */
async function executeForStorage(
  run: () => Promise<OperationResult>,
  problemOf: (e: TransmuteError) => Problem,
): Promise<StoredOutcome> {
  try {
    const result = await run();
    return {
      status: result.status,
      body: result.body,
      headers: result.location === undefined ? {} : { location: result.location },
    };
  } catch (error) {
    if (
      error instanceof TransmuteError &&
      STORED_ERROR_STATUSES.has(error.status) &&
      !error.retryable &&
      !UNSTORED_ERROR_CODES.has(error.code)
    ) {
      return { status: error.status, body: problemOf(error), headers: {} };
    }
    throw error;
  }
}

function outcomeResponse(
  outcome: StoredOutcome & { replayed: boolean },
  requestId: string,
  headers: Record<string, string>,
): CoreResponse {
  if (outcome.replayed) headers['idempotent-replayed'] = 'true';
  for (const [name, value] of Object.entries(outcome.headers)) headers[name.toLowerCase()] = value;
  if (outcome.status >= 400) {
    // A stored problem keeps its content but answers with this request's id.
    const problem = { ...(outcome.body as Problem), request_id: requestId };
    headers['content-type'] = 'application/problem+json';
    return { status: outcome.status, headers, body: JSON.stringify(problem) };
  }
  const result: OperationResult = { status: outcome.status, body: outcome.body };
  return jsonResponse(result, headers);
}

interface ApiContext {
  settings: CoreSettings;
  request: CoreRequest;
  requestId: string;
  headers: Record<string, string>;
}

async function checkAccount(context: ApiContext, route: RouteDefinition): Promise<Account> {
  const { settings, request, headers } = context;
  const account = await settings.authenticate(request.header('authorization'));
  if (settings.rateLimiter !== null) {
    const decision = settings.rateLimiter.take(account.id, account.plan);
    Object.assign(headers, decision.headers);
    if (!decision.allowed) {
      throw new TransmuteError('rate_limited', 'Too many requests for this account; slow down.', {
        retryAfter: decision.retryAfter,
      });
    }
  }
  if (route.method !== 'GET' && READ_ONLY_STATUSES.has(account.status)) {
    throw new TransmuteError(
      'account_suspended',
      `The account is ${account.status}: only reads are allowed.`,
    );
  }
  return account;
}

async function handleApi(
  context: ApiContext,
  route: RouteDefinition,
  params: Record<string, string>,
  malformedId: string | null,
): Promise<CoreResponse> {
  const { settings, request, requestId, headers } = context;
  const account = await checkAccount(context, route);
  if (malformedId !== null) throw new TransmuteError('not_found', malformedId);
  const operation = route.operation;
  const rawKey =
    route.method === 'POST' || route.method === 'PATCH' ? request.header('idempotency-key') : null;
  if (rawKey === null && requiresIdempotencyKey(operation)) {
    throw new TransmuteError('idempotency_key_missing', `${operation} requires an Idempotency-Key header.`);
  }
  const key = rawKey === null ? null : parseIdempotencyKey(rawKey);
  let body: unknown = undefined;
  const limitKey = BODY_OPERATIONS[operation];
  if (limitKey !== undefined) {
    body = await readJsonBody(request, {
      maxBytes: settings.bodyLimits[limitKey],
      allowMergePatch: route.method === 'PATCH',
    });
    validateBody(operation, body);
  }
  const caller: Caller = { accountId: account.id, requestId };
  const input = { caller, params, body, query: request.query, basePath: settings.basePath };
  const run = (): Promise<OperationResult> => OPERATIONS[operation](settings.service, input);
  if (key === null) return jsonResponse(await run(), headers);
  const fingerprint = idempotencyFingerprint(route.method, request.path, body);
  const problemOf = (error: TransmuteError): Problem =>
    toProblem(error.code as Parameters<typeof toProblem>[0], error.message, error.fieldErrors, {
      requestId,
      docsBaseUrl: settings.docsBaseUrl,
    });
  const outcome = await settings.service.runIdempotent(caller, { key, fingerprint }, () =>
    executeForStorage(run, problemOf),
  );
  return outcomeResponse(outcome, requestId, headers);
}

async function route(context: ApiContext): Promise<CoreResponse> {
  const { settings, request, requestId } = context;
  const { method, path } = request;
  if (path === '/healthz') {
    if (method !== 'GET' && method !== 'HEAD')
      throw new TransmuteError('method_not_allowed', 'Use GET.', { headers: { allow: 'GET, HEAD' } });
    return {
      status: 200,
      headers: { ...context.headers, 'content-type': JSON_TYPE },
      body: '{"status":"ok"}',
    };
  }
  const blob = /^\/(uploads|artifacts)\/([^/]+)$/.exec(path);
  if (blob !== null) {
    const [, kind, token = ''] = blob;
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
      return handleApi(context, match.route, match.params, match.malformedId);
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

/**
 * The request pipeline: route → auth → rate limit → account status → Idempotency-Key → content type
 * → body size → JSON → schema → service. Every response carries `Request-Id`; nothing throws.
 * HEAD runs the GET pipeline (same auth, rate limit and headers) and answers without a body.
 */
export function createCoreHandler(settings: CoreSettings): CoreHandler {
  return async (request) => {
    const requestId = createRequestId();
    const headers: Record<string, string> = { 'request-id': requestId };
    try {
      return finish(await route({ settings, request, requestId, headers }), request.method);
    } catch (error) {
      const response = errorResponse(error, {
        requestId,
        docsBaseUrl: settings.docsBaseUrl,
        logger: settings.logger,
      });
      Object.assign(response.headers, headers);
      return finish(response, request.method);
    }
  };
}
