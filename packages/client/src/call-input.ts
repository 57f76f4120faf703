import type { OperationId, OperationPathParams, OperationRequestBody } from '@transmute/contract/operations';

/**
 * What one call of operation `Id` needs besides its id, typed from the contract's operation table:
 * its path parameters, its body (when it takes one) and its query.
 */
export type CallInput<Id extends OperationId> = ([OperationPathParams<Id>] extends [never]
  ? { path?: never }
  : { path: Record<OperationPathParams<Id>, string> }) &
  ([OperationRequestBody<Id>] extends [never] ? { body?: never } : { body: OperationRequestBody<Id> }) & {
    query?: Record<string, string | number | undefined> | undefined;
  };
