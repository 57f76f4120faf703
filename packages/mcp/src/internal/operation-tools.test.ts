import { QUERY_KINDS, REQUEST_BODY_SCHEMAS } from '@transmute/contract';
import { API_OPERATIONS } from '@transmute/contract/operations';
import { describe, expect, it } from 'vitest';
import { operationTools } from './operation-tools.js';
import { DEFAULT_OPERATION_TOOLS } from './tool-sets.js';

describe('operationTools', () => {
  const tools = operationTools({ adminTools: true });

  it('makes only the default set without adminTools, in the table order', () => {
    expect(operationTools({ adminTools: false }).map((tool) => tool.name)).toEqual(
      API_OPERATIONS.map((operation) => operation.operationId).filter((id) =>
        DEFAULT_OPERATION_TOOLS.has(id),
      ),
    );
  });

  it('makes one tool per row of the operation table with adminTools, named by its operation id, in the table order', () => {
    expect(tools.map((tool) => tool.name)).toEqual(API_OPERATIONS.map((operation) => operation.operationId));
  });

  it.each(API_OPERATIONS)(
    'gives $operationId its path parameters, query and request body schema',
    (operation) => {
      const tool = tools.find((candidate) => candidate.name === operation.operationId);
      expect(tool?.description.startsWith(operation.summary)).toBe(true);
      const properties = tool?.inputSchema.properties ?? {};
      const kind = QUERY_KINDS[operation.query];
      const expected = [
        ...operation.pathParams,
        ...(kind === null ? [] : ['limit', 'cursor', ...(kind.statuses === null ? [] : ['status'])]),
        ...(operation.requestBody === null ? [] : ['body']),
      ];
      expect(Object.keys(properties)).toEqual(expected);
      // The body is the contract's schema object itself, not a copy that could drift.
      if (operation.requestBody !== null)
        expect(properties.body).toBe(REQUEST_BODY_SCHEMAS[operation.requestBody.schema]);
      if (kind !== null)
        expect(properties.limit).toMatchObject({ minimum: kind.limit.min, maximum: kind.limit.max });
      expect(tool?.annotations.readOnlyHint).toBe(operation.method === 'GET');
      expect(tool?.annotations.destructiveHint).toBe(operation.method === 'DELETE');
    },
  );
});
