import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isTransmuteApiError } from '@transmute/client';
import { createRequestId, isTransmuteError } from '@transmute/contract';

/**
 * What a tool error carries: the problem's code, detail and request id (the API's when it
 * answered; left empty here, {@link problemResult} gives one when no answer stands behind it).
 */
export interface ToolProblem {
  code: string;
  detail: string;
  request_id: string;
  status?: number;
  field_errors?: unknown[];
}

/** A successful tool answer: the value as JSON text (and as structured content when it is an object). */
export function jsonResult(value: unknown): CallToolResult {
  if (value === undefined) return { content: [{ type: 'text', text: 'Done.' }] };
  const text = JSON.stringify(value, null, 2);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { content: [{ type: 'text', text }], structuredContent: value as Record<string, unknown> }
    : { content: [{ type: 'text', text }] };
}

/** The problem an error stands for: an API problem as answered, our own errors with their code. */
export function toToolProblem(error: unknown): ToolProblem {
  if (isTransmuteApiError(error)) {
    const { problem } = error;
    return {
      code: problem.code,
      detail: problem.detail,
      request_id: problem.request_id,
      // No status when no server answered (connection_failed).
      ...(problem.status === 0 ? {} : { status: problem.status }),
      ...(problem.field_errors === undefined ? {} : { field_errors: problem.field_errors }),
    };
  }
  if (isTransmuteError(error)) return { code: error.code, detail: error.message, request_id: '' };
  const detail = error instanceof Error ? error.message : String(error);
  return { code: 'internal_error', detail, request_id: '' };
}

/** An MCP tool error (`isError: true`) whose content is the problem as JSON. */
export function errorResult(error: unknown): CallToolResult {
  return problemResult(toToolProblem(error));
}

/** The problem with a fresh request id when no API answer gave one (a local error, no connection). */
export function withRequestId(given: ToolProblem): ToolProblem {
  return given.request_id === '' ? { ...given, request_id: createRequestId() } : given;
}

/** An MCP tool error carrying a problem, with a fresh request id when no API answer gave one. */
export function problemResult(given: ToolProblem): CallToolResult {
  const problem = withRequestId(given);
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(problem, null, 2) }],
    structuredContent: { ...problem },
  };
}
