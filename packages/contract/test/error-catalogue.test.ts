import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, buildOpenApiDocument, isApiErrorCode, renderErrorsDocument } from '../src/index.js';

const errorsDoc = readFileSync(new URL('../ERRORS.md', import.meta.url), 'utf8');

/** Every code listed in the `code` enums of the document's problem responses. */
function openApiCodes(): Set<string> {
  const codes = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      const media = (node as Record<string, unknown>)['application/problem+json'] as
        { schema: { properties: { code: { enum: string[] } } } } | undefined;
      for (const code of media?.schema.properties.code.enum ?? []) codes.add(code);
      Object.values(node).forEach(visit);
    }
  };
  visit(buildOpenApiDocument().paths);
  return codes;
}

/**
 * Codes that belong to no v1 operation: unknown routes and methods, the upload PUT route, and the
 * transport-level answers to requests node:http cannot parse or that break off.
 */
const OUTSIDE_OPERATIONS = [
  'headers_too_large',
  'malformed_request',
  'method_not_allowed',
  'request_timeout',
  'route_not_found',
  'upload_already_completed',
];

describe('error catalogue', () => {
  it('is committed as ERRORS.md without drift (run `pnpm --filter @transmute/contract run generate`)', () => {
    expect(errorsDoc).toBe(renderErrorsDocument());
  });

  it('uses only catalogue codes in the OpenAPI problem responses', () => {
    for (const code of openApiCodes()) expect(isApiErrorCode(code), code).toBe(true);
  });

  it('names every catalogue code in some operation, except the route- and transport-level ones', () => {
    const missing = Object.keys(API_ERRORS).filter((code) => !openApiCodes().has(code));
    expect(missing.sort()).toEqual(OUTSIDE_OPERATIONS);
  });

  it('puts every code under its catalogue status', () => {
    const paths = buildOpenApiDocument().paths;
    for (const item of Object.values(paths)) {
      for (const operation of Object.values(item) as { responses: Record<string, unknown> }[]) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const media = (
            response as { content?: Record<string, { schema: { properties: { code: { enum: string[] } } } }> }
          ).content?.['application/problem+json'];
          for (const code of media?.schema.properties.code.enum ?? []) {
            if (isApiErrorCode(code)) expect(API_ERRORS[code].status).toBe(Number(status));
          }
        }
      }
    }
  });
});
