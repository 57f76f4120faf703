import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, buildOpenApiDocument, FIELD_ERROR_CODES, isApiErrorCode } from '../src/index.js';

const errorsDoc = readFileSync(new URL('../ERRORS.md', import.meta.url), 'utf8');

/** Rows of the code table of ERRORS.md: status, code, retryable, title. */
function documentedCodes(): Map<string, { status: number; retryable: boolean; title: string }> {
  const rows = new Map<string, { status: number; retryable: boolean; title: string }>();
  for (const match of errorsDoc.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \| (yes|no) \| ([^|]+) \|/gm)) {
    rows.set(match[2] ?? '', {
      status: Number(match[1]),
      retryable: match[3] === 'yes',
      title: (match[4] ?? '').trim(),
    });
  }
  return rows;
}

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

/** Codes that belong to no v1 operation: unknown routes and methods, and the upload PUT route. */
const OUTSIDE_OPERATIONS = ['method_not_allowed', 'route_not_found', 'upload_already_completed'];

describe('error catalogue', () => {
  it('documents every catalogue code in ERRORS.md with its status, title and retryable, and nothing else', () => {
    const documented = documentedCodes();
    expect([...documented.keys()].sort()).toEqual(Object.keys(API_ERRORS).sort());
    for (const [code, row] of documented) {
      expect(isApiErrorCode(code)).toBe(true);
      if (isApiErrorCode(code)) expect(row).toEqual(API_ERRORS[code]);
    }
  });

  it('uses only catalogue codes in the OpenAPI problem responses', () => {
    for (const code of openApiCodes()) expect(isApiErrorCode(code), code).toBe(true);
  });

  it('names every catalogue code in some operation, except the route-level ones', () => {
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

  it('documents every field error code', () => {
    const documented = [...errorsDoc.matchAll(/^\| `([a-z_]+)`(?: \/ `([a-z_]+)`)? \|/gm)].flatMap((m) =>
      [m[1], m[2]].filter((code): code is string => code !== undefined),
    );
    expect(documented.sort()).toEqual([...FIELD_ERROR_CODES].sort());
  });
});
