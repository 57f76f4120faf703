import { API_OPERATIONS, type ApiOperation } from './operation-table.js';
import { componentParameters, operationParameters } from './internal/openapi-parameters.js';
import { componentExamples, componentHeaders, operationResponses } from './internal/openapi-responses.js';
import { componentSchemas, schemaRef } from './internal/openapi-schemas.js';

/** Version of the machine-readable contract (spec "Versioning": 1.3.0). */
export const CONTRACT_VERSION = '1.3.0';

/** An OpenAPI 3.1 document as plain JSON. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: unknown[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, unknown>;
  components: {
    schemas: Record<string, unknown>;
    parameters: Record<string, unknown>;
    headers: Record<string, unknown>;
    examples: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

const TAGS = [
  { name: 'Capabilities', description: 'What this installation can do.' },
  { name: 'Files', description: 'Direct uploads: intent, PUT of the bytes, completion.' },
  { name: 'Jobs', description: 'Durable conversion jobs.' },
  { name: 'Outputs', description: 'Outputs of jobs, their manifests and content.' },
  { name: 'Usage', description: 'Usage of the current billing period.' },
  { name: 'Webhooks', description: 'Signed webhook endpoints and their deliveries.' },
];

function tagOf(path: string): string {
  const segment = path.split('/')[2] ?? '';
  if (segment === 'upload-intents' || segment === 'files') return 'Files';
  if (segment === 'webhook-endpoints') return 'Webhooks';
  return segment.charAt(0).toUpperCase() + segment.slice(1);
}

function requestBody(operation: ApiOperation): unknown {
  if (operation.requestBody === null) return undefined;
  const media = { schema: schemaRef(operation.requestBody.schema) };
  const content: Record<string, unknown> = { 'application/json': media };
  // CONTRACT §3: PATCH also takes JSON Merge Patch.
  if (operation.method === 'PATCH') content['application/merge-patch+json'] = media;
  return { required: true, content };
}

function operationObject(operation: ApiOperation): Record<string, unknown> {
  const object: Record<string, unknown> = {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [tagOf(operation.path)],
    parameters: operationParameters(operation),
  };
  const body = requestBody(operation);
  if (body !== undefined) object.requestBody = body;
  object.responses = operationResponses(operation);
  return object;
}

function webhooks(): Record<string, unknown> {
  const header = (name: string, description: string, schema: unknown): unknown => ({
    name,
    in: 'header',
    required: true,
    description,
    schema,
  });
  return {
    event: {
      post: {
        summary: 'An event delivered to a webhook endpoint (Standard Webhooks)',
        description:
          'Verify `webhook-signature` (`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, space-separated ' +
          'when two secrets sign) with the endpoint secret, e.g. with the `standardwebhooks` library.',
        security: [],
        parameters: [
          header('webhook-id', 'The event id; the same on every retry and replay.', { type: 'string' }),
          header('webhook-timestamp', 'Unix seconds of this attempt.', {
            type: 'string',
            pattern: '^[0-9]+$',
          }),
          header('webhook-signature', 'Space-separated `v1,<base64>` signatures.', { type: 'string' }),
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schemaRef('EventEnvelope') } },
        },
        responses: { '200': { description: 'Any 2xx within 15 s acknowledges the delivery.' } },
      },
    },
  };
}

/**
 * Builds the OpenAPI 3.1 document of the v1 API from the contract's schemas and operation table.
 * The committed `openapi.json` / `openapi.yaml` are this document (a test fails on drift; regenerate
 * with `pnpm --filter @transmute/contract run generate`).
 *
 * @example
 * const document = buildOpenApiDocument();
 * document.paths['/v1/jobs']?.post; // the createJob operation
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of API_OPERATIONS) {
    const item = (paths[operation.path] ??= {});
    item[operation.method.toLowerCase()] = operationObject(operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Transmute API',
      version: CONTRACT_VERSION,
      description:
        'Content conversion service, v1. Errors are RFC 9457 problem details; every response carries ' +
        '`Request-Id`. Create operations require `Idempotency-Key`.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The installation; every path starts with `/v1`.',
        variables: { base_url: { default: 'http://localhost:8080' } },
      },
    ],
    security: [{ bearerAuth: [] }],
    tags: TAGS,
    paths,
    webhooks: webhooks(),
    components: {
      schemas: componentSchemas(),
      parameters: componentParameters(),
      headers: componentHeaders(),
      examples: componentExamples(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`tmk_…`) or an OAuth access token.',
        },
      },
    },
  };
}
