import type { OpenApiDocument } from '@transmute/contract';
import type { SchemaNode } from './render-schema.js';

/** One operation of the OpenAPI document with where it lives. */
export interface DocumentOperation {
  method: string;
  path: string;
  operationId: string;
  tag: string;
  object: SchemaNode;
}

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every operation under `paths`, in the document's order. */
export function listOperations(document: OpenApiDocument): DocumentOperation[] {
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, object] of Object.entries(item)) {
      if (!isNode(object)) continue;
      const tags = Array.isArray(object.tags) ? (object.tags as string[]) : [];
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: String(object.operationId),
        tag: tags[0] ?? 'Other',
        object,
      });
    }
  }
  return operations;
}

/** Follows a local `$ref` (`#/components/…`) once; anything else is returned as it is. */
export function resolveRef(document: OpenApiDocument, node: unknown): SchemaNode {
  if (!isNode(node)) return {};
  if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
  let current: unknown = document;
  for (const segment of node.$ref.slice(2).split('/'))
    current = isNode(current) ? current[segment] : undefined;
  return isNode(current) ? current : {};
}

/** The problem codes an operation can answer, from the `code` enums of its problem responses. */
export function problemCodesOf(operation: SchemaNode): string[] {
  const codes: string[] = [];
  const responses = isNode(operation.responses) ? operation.responses : {};
  for (const response of Object.values(responses)) {
    const content = isNode(response) && isNode(response.content) ? response.content : {};
    const problem = content['application/problem+json'];
    const schema = isNode(problem) && isNode(problem.schema) ? problem.schema : {};
    const code = isNode(schema.properties) ? schema.properties.code : undefined;
    if (isNode(code) && Array.isArray(code.enum)) codes.push(...(code.enum as string[]));
  }
  return codes;
}
