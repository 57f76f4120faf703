import { TransmuteError, assertRequestBody, isReadOnlyAccountStatus } from '@transmute/contract';
import type { ApiOperation, PathParameterName } from '@transmute/contract/operations';
import type { Account, Caller, TransmuteService } from '@transmute/service';
import type { Authenticator } from './authenticate.js';
import { callOperation, parseOperationQuery, type OperationInput } from './call-operation.js';
import type { CoreResponse } from './core-types.js';
import { httpMetricsOf } from './http-metrics.js';
import { idempotencyFingerprint, parseIdempotencyKey } from './idempotency.js';
import { matchRoute, type RouteMatch } from './match-route.js';
import { operationResponse } from './operation-response.js';
import type { RateLimiter } from './rate-limiter.js';
import { readJsonBody } from './read-body.js';
import type { Surface, SurfaceRequest } from './surface.js';

/** What the v1 surface needs. */
export interface V1Settings {
  service: TransmuteService;
  authenticate: Authenticator;
  rateLimiter: RateLimiter | null;
  basePath: string;
  bodyLimits: { createJob: number; default: number };
}

/**
 * Auth → rate limit → account status: the account of a v1 request, or the refusal. The rate-limit
 * headers go on the answer either way.
 */
async function checkAccount(
  settings: V1Settings,
  context: SurfaceRequest,
  operation: ApiOperation,
): Promise<Account> {
  const { request, headers } = context;
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
  if (operation.method !== 'GET' && isReadOnlyAccountStatus(account.status)) {
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

/**
 * The operation pipeline: auth → rate limit → account status → path parameters → query →
 * Idempotency-Key → content type → body size → JSON → schema → service.
 */
async function handleApi(
  settings: V1Settings,
  context: SurfaceRequest,
  found: FoundRoute,
): Promise<CoreResponse> {
  const { request, requestId, headers } = context;
  const { operation, params, malformedId, undecodable } = found;
  const account = await checkAccount(settings, context, operation);
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
  const { value, replayed } = await settings.service.runIdempotent(
    caller,
    { key, fingerprint, operationId },
    call,
  );
  return operationResponse(operationId, value, { ...answer, replayed });
}

/** The v1 API (every path no other surface owns): route, then the operation pipeline. */
export function v1Surface(settings: V1Settings): Surface {
  return {
    name: 'unmatched',
    owns: () => true,
    async serve(context) {
      const { method, path } = context.request;
      const match = matchRoute(method, path);
      switch (match.kind) {
        case 'not_found':
          throw new TransmuteError('route_not_found', `No route for ${path}.`);
        case 'method_not_allowed':
          throw new TransmuteError('method_not_allowed', `${method} is not allowed on ${path}.`, {
            headers: { allow: match.allow.join(', ') },
          });
        case 'found':
          context.seen.operation = match.operation.operationId;
          return handleApi(settings, context, match);
      }
    },
  };
}
