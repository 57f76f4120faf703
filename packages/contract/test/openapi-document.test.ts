import { readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  API_OPERATIONS,
  buildOpenApiDocument,
  REQUEST_BODY_SCHEMAS,
  RESOURCE_SCHEMAS,
} from '../src/index.js';

const document = buildOpenApiDocument();
const read = (name: string): string => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');

/** The spec's endpoint table, verbatim: operation id, method, path. */
const SPEC_TABLE = `
getCapabilities GET /v1/capabilities
createUploadIntent POST /v1/upload-intents
getFile GET /v1/files/{file_id}
deleteFile DELETE /v1/files/{file_id}
completeFileUpload POST /v1/files/{file_id}/complete
listJobs GET /v1/jobs
createJob POST /v1/jobs
getJob GET /v1/jobs/{job_id}
deleteJob DELETE /v1/jobs/{job_id}
cancelJob POST /v1/jobs/{job_id}/cancel
listJobOutputs GET /v1/jobs/{job_id}/outputs
createJobOutput POST /v1/jobs/{job_id}/outputs
getOutput GET /v1/outputs/{output_id}
getOutputContent GET /v1/outputs/{output_id}/content
getUsage GET /v1/usage
listWebhookEndpoints GET /v1/webhook-endpoints
createWebhookEndpoint POST /v1/webhook-endpoints
updateWebhookEndpoint PATCH /v1/webhook-endpoints/{endpoint_id}
deleteWebhookEndpoint DELETE /v1/webhook-endpoints/{endpoint_id}
listWebhookDeliveries GET /v1/webhook-endpoints/{endpoint_id}/deliveries
replayWebhookDelivery POST /v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/replay
pauseWebhookEndpoint POST /v1/webhook-endpoints/{endpoint_id}/pause
resumeWebhookEndpoint POST /v1/webhook-endpoints/{endpoint_id}/resume
rotateWebhookEndpointSecret POST /v1/webhook-endpoints/{endpoint_id}/rotate-secret
testWebhookEndpoint POST /v1/webhook-endpoints/{endpoint_id}/test
`
  .trim()
  .split('\n')
  .map((line) => line.split(' '));

interface Op {
  operationId: string;
  parameters: { $ref: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: { $ref: string } }> };
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
  >;
}

function operations(): [string, string, Op][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, string, Op] => [method.toUpperCase(), path, op as Op]),
  );
}

function op(operationId: string): Op {
  const found = operations().find(([, , candidate]) => candidate.operationId === operationId);
  if (found === undefined) throw new Error(`no operation ${operationId}`);
  return found[2];
}

const paramNames = (operation: Op): string[] =>
  operation.parameters.map((p) => p.$ref.split('/').pop() ?? '');

describe('OpenAPI document', () => {
  it('is committed as openapi.json and openapi.yaml without drift (run `pnpm --filter @transmute/contract run generate`)', () => {
    expect(JSON.parse(read('openapi.json'))).toEqual(document);
    expect(parse(read('openapi.yaml'))).toEqual(document);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.specification).toBe('OpenAPI');
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.3.0');
  });

  it('has exactly the 25 operations of the spec, with their methods and paths', () => {
    const actual = operations()
      .map(([method, path, operation]) => [operation.operationId, method, path])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const expected = [...SPEC_TABLE].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(actual).toEqual(expected);
    expect(API_OPERATIONS.map((o) => o.operationId)).toEqual(SPEC_TABLE.map((row) => row[0]));
  });

  it('requires bearer authentication on every operation', () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    for (const [, , operation] of operations()) expect(operation).not.toHaveProperty('security');
  });

  it('requires Idempotency-Key exactly on the four create operations', () => {
    const requiring = operations()
      .filter(([, , operation]) => paramNames(operation).includes('IdempotencyKey'))
      .map(([, , operation]) => operation.operationId)
      .sort();
    expect(requiring).toEqual([
      'createJob',
      'createJobOutput',
      'createUploadIntent',
      'createWebhookEndpoint',
    ]);
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ in: 'header', required: true });
  });

  it('answers create operations with 201 and a Location header', () => {
    for (const id of ['createJob', 'createJobOutput', 'createUploadIntent', 'createWebhookEndpoint']) {
      const response = op(id).responses['201'];
      expect(response?.headers).toHaveProperty('Location');
      expect(Object.keys(op(id).responses).filter((status) => status.startsWith('2'))).toEqual(['201']);
    }
  });

  it('uses the success statuses of CONTRACT §2', () => {
    const success = (id: string): string[] =>
      Object.keys(op(id).responses)
        .filter((status) => status.startsWith('2'))
        .sort();
    expect(success('completeFileUpload')).toEqual(['200', '202']);
    expect(success('cancelJob')).toEqual(['200', '202']);
    expect(success('testWebhookEndpoint')).toEqual(['202']);
    expect(success('replayWebhookDelivery')).toEqual(['202']);
    expect(success('rotateWebhookEndpointSecret')).toEqual(['200']);
    for (const id of ['deleteFile', 'deleteJob', 'deleteWebhookEndpoint']) {
      expect(success(id)).toEqual(['204']);
      expect(op(id).responses['204']).not.toHaveProperty('content');
    }
    expect(op('createWebhookEndpoint').responses['201']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/WebhookEndpointWithSecret',
    });
    expect(op('rotateWebhookEndpointSecret').responses['200']?.content?.['application/json']?.schema).toEqual(
      {
        $ref: '#/components/schemas/RotatedWebhookEndpoint',
      },
    );
  });

  it('takes limit and cursor on lists, and status filters on listJobs and listWebhookDeliveries', () => {
    for (const id of ['listJobs', 'listJobOutputs', 'listWebhookEndpoints', 'listWebhookDeliveries']) {
      expect(paramNames(op(id))).toEqual(expect.arrayContaining(['Limit', 'Cursor']));
    }
    expect(paramNames(op('listJobs'))).toContain('JobStatusFilter');
    expect(paramNames(op('listWebhookDeliveries'))).toContain('DeliveryStatusFilter');
    expect(paramNames(op('getOutputContent'))).toEqual(['OutputId', 'ContentLimit', 'ContentCursor']);
    expect(document.components.parameters.Limit).toMatchObject({
      name: 'limit',
      schema: { minimum: 1, maximum: 100, default: 20 },
    });
    expect(document.components.parameters.ContentLimit).toMatchObject({
      name: 'limit',
      schema: { maximum: 1_048_576, default: 262_144 },
    });
  });

  it('describes request bodies by their schemas', () => {
    const bodies = operations()
      .filter(([, , operation]) => operation.requestBody !== undefined)
      .map(([, , operation]) => [
        operation.operationId,
        operation.requestBody?.content['application/json']?.schema.$ref,
      ]);
    expect(Object.fromEntries(bodies)).toEqual({
      createUploadIntent: '#/components/schemas/CreateUploadIntentRequest',
      completeFileUpload: '#/components/schemas/CompleteUploadRequest',
      createJob: '#/components/schemas/CreateJobRequest',
      createJobOutput: '#/components/schemas/CreateJobOutputRequest',
      createWebhookEndpoint: '#/components/schemas/CreateWebhookEndpointRequest',
      updateWebhookEndpoint: '#/components/schemas/UpdateWebhookEndpointRequest',
    });
    expect(op('updateWebhookEndpoint').requestBody?.content).toHaveProperty(['application/merge-patch+json']);
  });

  it('answers errors as application/problem+json on every operation', () => {
    for (const [, , operation] of operations()) {
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.map(([status]) => status)).toEqual(expect.arrayContaining(['401', '429', '500', '503']));
      for (const [, response] of errors)
        expect(Object.keys(response.content ?? {})).toEqual(['application/problem+json']);
    }
    expect(Object.keys(op('createJob').responses)).toEqual(
      expect.arrayContaining(['400', '403', '409', '413', '415', '422']),
    );
  });

  it('lists every schema of the package as a component, with the discriminator mapping', () => {
    for (const name of [...Object.keys(REQUEST_BODY_SCHEMAS), ...Object.keys(RESOURCE_SCHEMAS)]) {
      expect(document.components.schemas).toHaveProperty([name]);
    }
    expect(document.components.schemas.Source).toMatchObject({
      discriminator: {
        propertyName: 'type',
        mapping: {
          text: '#/components/schemas/TextSource',
          url: '#/components/schemas/UrlSource',
          files: '#/components/schemas/FilesSource',
        },
      },
    });
  });
});
