import type { OperationId } from '@transmute/contract/operations';

/**
 * The operation tools offered by default, beside the task tools (`convert`, `upload_file`,
 * `wait_for_job`, `read_output`): what converting and reading needs. Every other operation (files,
 * deletes, extra outputs, usage, webhook administration) is offered only with `adminTools`, so an
 * agent's context does not carry their schemas for a task that never uses them.
 */
export const DEFAULT_OPERATION_TOOLS: ReadonlySet<OperationId> = new Set<OperationId>([
  'getCapabilities',
  'createJob',
  'getJob',
  'listJobs',
  'cancelJob',
  'listJobOutputs',
  'getOutput',
]);

/** Whether an operation's tool is offered: always with `adminTools`, else only the default set. */
export function isOfferedOperation(operationId: OperationId, adminTools: boolean): boolean {
  return adminTools || DEFAULT_OPERATION_TOOLS.has(operationId);
}
