import { ID_PREFIXES } from '@transmute/contract';

/** The 25 operations of the v1 API (spec "Endpoints"). */
export type OperationId =
  | 'getCapabilities'
  | 'createUploadIntent'
  | 'getFile'
  | 'deleteFile'
  | 'completeFileUpload'
  | 'listJobs'
  | 'createJob'
  | 'getJob'
  | 'deleteJob'
  | 'cancelJob'
  | 'listJobOutputs'
  | 'createJobOutput'
  | 'getOutput'
  | 'getOutputContent'
  | 'getUsage'
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'listWebhookDeliveries'
  | 'replayWebhookDelivery'
  | 'pauseWebhookEndpoint'
  | 'resumeWebhookEndpoint'
  | 'rotateWebhookEndpointSecret'
  | 'testWebhookEndpoint';

/** Path parameter names and the resource prefix each must carry. */
const PARAM_PREFIXES: Record<string, string> = {
  file_id: ID_PREFIXES.file,
  job_id: ID_PREFIXES.job,
  output_id: ID_PREFIXES.output,
  endpoint_id: ID_PREFIXES.webhookEndpoint,
  delivery_id: ID_PREFIXES.webhookDelivery,
};

/** The service's not-found sentence per path parameter: a malformed id must read like an unknown one. */
const NOT_FOUND_DETAILS: Record<string, string> = {
  file_id: 'No such file.',
  job_id: 'No such job.',
  output_id: 'No such output.',
  endpoint_id: 'No such webhook endpoint.',
  delivery_id: 'No such delivery.',
};

/** One row of the routing table. */
export interface RouteDefinition {
  operation: OperationId;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
}

/** The routing table: exactly the spec's 25 operations. */
export const ROUTES: readonly RouteDefinition[] = [
  { operation: 'getCapabilities', method: 'GET', path: '/v1/capabilities' },
  { operation: 'createUploadIntent', method: 'POST', path: '/v1/upload-intents' },
  { operation: 'getFile', method: 'GET', path: '/v1/files/{file_id}' },
  { operation: 'deleteFile', method: 'DELETE', path: '/v1/files/{file_id}' },
  { operation: 'completeFileUpload', method: 'POST', path: '/v1/files/{file_id}/complete' },
  { operation: 'listJobs', method: 'GET', path: '/v1/jobs' },
  { operation: 'createJob', method: 'POST', path: '/v1/jobs' },
  { operation: 'getJob', method: 'GET', path: '/v1/jobs/{job_id}' },
  { operation: 'deleteJob', method: 'DELETE', path: '/v1/jobs/{job_id}' },
  { operation: 'cancelJob', method: 'POST', path: '/v1/jobs/{job_id}/cancel' },
  { operation: 'listJobOutputs', method: 'GET', path: '/v1/jobs/{job_id}/outputs' },
  { operation: 'createJobOutput', method: 'POST', path: '/v1/jobs/{job_id}/outputs' },
  { operation: 'getOutput', method: 'GET', path: '/v1/outputs/{output_id}' },
  { operation: 'getOutputContent', method: 'GET', path: '/v1/outputs/{output_id}/content' },
  { operation: 'getUsage', method: 'GET', path: '/v1/usage' },
  { operation: 'listWebhookEndpoints', method: 'GET', path: '/v1/webhook-endpoints' },
  { operation: 'createWebhookEndpoint', method: 'POST', path: '/v1/webhook-endpoints' },
  { operation: 'updateWebhookEndpoint', method: 'PATCH', path: '/v1/webhook-endpoints/{endpoint_id}' },
  { operation: 'deleteWebhookEndpoint', method: 'DELETE', path: '/v1/webhook-endpoints/{endpoint_id}' },
  {
    operation: 'listWebhookDeliveries',
    method: 'GET',
    path: '/v1/webhook-endpoints/{endpoint_id}/deliveries',
  },
  {
    operation: 'replayWebhookDelivery',
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/replay',
  },
  { operation: 'pauseWebhookEndpoint', method: 'POST', path: '/v1/webhook-endpoints/{endpoint_id}/pause' },
  { operation: 'resumeWebhookEndpoint', method: 'POST', path: '/v1/webhook-endpoints/{endpoint_id}/resume' },
  {
    operation: 'rotateWebhookEndpointSecret',
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpoint_id}/rotate-secret',
  },
  { operation: 'testWebhookEndpoint', method: 'POST', path: '/v1/webhook-endpoints/{endpoint_id}/test' },
];

/** Result of {@link matchRoute}. */
export type RouteMatch =
  | {
      kind: 'found';
      route: RouteDefinition;
      params: Record<string, string>;
      /** The not-found detail of the first malformed id; null when every id has its resource's shape. */
      malformedId: string | null;
    }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

interface CompiledRoute {
  route: RouteDefinition;
  segments: string[];
}

const COMPILED: CompiledRoute[] = ROUTES.map((route) => ({
  route,
  segments: route.path.split('/').slice(1),
}));
const ID_TAIL = /^[A-Za-z0-9_-]{12,}$/;

function isValidId(param: string, value: string): boolean {
  const prefix = PARAM_PREFIXES[param];
  if (prefix === undefined || !value.startsWith(`${prefix}_`)) return false;
  return ID_TAIL.test(value.slice(prefix.length + 1));
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] ?? '';
    const value = actual[i] ?? '';
    if (expected.startsWith('{')) {
      if (value === '') return null;
      params[expected.slice(1, -1)] = value;
    } else if (expected !== value) {
      return null;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Matches a method and path against the table. HEAD matches the GET route (the handler drops the
 * body). A known path with another method answers `method_not_allowed` with the methods it does
 * allow, HEAD included wherever GET is; ids are checked for their shape separately (`malformedId`),
 * because a malformed id must answer 404 `not_found` after authentication.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const actual = path.split('/').slice(1).map(decodeSegment);
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allow: string[] = [];
  for (const compiled of COMPILED) {
    const params = matchSegments(compiled.segments, actual);
    if (params === null) continue;
    if (compiled.route.method === wanted) {
      const bad = Object.entries(params).find(([name, value]) => !isValidId(name, value));
      const malformedId = bad === undefined ? null : (NOT_FOUND_DETAILS[bad[0]] ?? 'No such resource.');
      return { kind: 'found', route: compiled.route, params, malformedId };
    }
    allow.push(compiled.route.method);
    if (compiled.route.method === 'GET') allow.push('HEAD');
  }
  return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
}
