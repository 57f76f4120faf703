import type { ApiOperation, SuccessResponse } from '../operation-table.js';
import { API_ERRORS, type ApiErrorCode } from '../error-catalogue.js';
import { operationErrorCodes } from './operation-errors.js';
import { schemaRef } from './openapi-schemas.js';

/** Base of the example problem `type` URIs (the real base is configured by the operator). */
export const EXAMPLE_DOCS_BASE = 'https://docs.transmute.dev';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const header = (name: string): { $ref: string } => ({ $ref: `#/components/headers/${name}` });

/** `components.headers` of the document. */
export function componentHeaders(): Record<string, unknown> {
  return {
    RequestId: {
      description:
        'Correlation id of the request (`req_` + 24 base62), equal to a problem body `request_id`.',
      schema: { type: 'string', minLength: 8, maxLength: 128 },
    },
    Location: { description: 'Path of the created resource.', schema: { type: 'string' } },
    IdempotentReplayed: {
      description: '`true` when this is the stored response of an earlier request with the same key.',
      schema: { type: 'string', enum: ['true'] },
    },
    RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
    WwwAuthenticate: { description: 'Bearer challenge (RFC 6750).', schema: { type: 'string' } },
  };
}

/** An example problem body of a code. */
export function exampleProblem(code: ApiErrorCode): Record<string, unknown> {
  const { status, title, retryable } = API_ERRORS[code];
  const problem: Record<string, unknown> = {
    type: `${EXAMPLE_DOCS_BASE}/problems/${code}`,
    title,
    status,
    code,
    detail: `${title}.`,
    request_id: 'req_4f9Qm2ZxT7bLk8Wc1VdN3sYa',
    retryable,
  };
  if (code === 'validation_failed') {
    problem.detail =
      'The request has an invalid field: output.profile. The field output.profile must be one of …';
    problem.field_errors = [
      { field: 'output.profile', code: 'invalid_value', detail: 'The field output.profile must be one of …' },
    ];
  }
  if (code === 'invalid_parameter') {
    problem.field_errors = [
      { field: 'limit', code: 'too_small', detail: 'The field limit must be at least 1.' },
    ];
  }
  return problem;
}

/** `components.examples`: one example problem per catalogue code. */
export function componentExamples(): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(API_ERRORS) as ApiErrorCode[]).map((code) => [
      `problem_${code}`,
      { summary: API_ERRORS[code].title, value: exampleProblem(code) },
    ]),
  );
}

function problemResponse(status: number, codes: readonly ApiErrorCode[]): unknown {
  const headers: Record<string, unknown> = { 'Request-Id': header('RequestId') };
  if (status === 401) headers['WWW-Authenticate'] = header('WwwAuthenticate');
  if (codes.some((code) => API_ERRORS[code].retryable) && status !== 500)
    headers['Retry-After'] = header('RetryAfter');
  return {
    description: `${REASONS[status] ?? 'Error'}: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
    headers,
    content: {
      'application/problem+json': {
        schema: { allOf: [schemaRef('Problem')], properties: { code: { enum: [...codes] } } },
        examples: Object.fromEntries(
          codes.map((code) => [code, { $ref: `#/components/examples/problem_${code}` }]),
        ),
      },
    },
  };
}

function successResponse(operation: ApiOperation, response: SuccessResponse): unknown {
  const headers: Record<string, unknown> = { 'Request-Id': header('RequestId') };
  if (response.status === 201) headers.Location = header('Location');
  if (operation.idempotencyKey !== 'none') headers['Idempotent-Replayed'] = header('IdempotentReplayed');
  if (response.body === null) return { description: response.description, headers };
  return {
    description: response.description,
    headers,
    content: { 'application/json': { schema: schemaRef(response.body) } },
  };
}

/** The `responses` object of an operation: its success statuses and its problem statuses. */
export function operationResponses(operation: ApiOperation): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const response of operation.responses) {
    responses[String(response.status)] = successResponse(operation, response);
  }
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of operationErrorCodes(operation)) {
    const { status } = API_ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) responses[String(status)] = problemResponse(status, codes);
  return responses;
}
