/**
 * `@transmute/contract/operations`: the operation table, the path parameters and the error
 * catalogue, without the JSON Schema validators (no ajv), for the client and other light consumers.
 */
export {
  OPERATIONS,
  API_OPERATIONS,
  OPERATION_IDS,
  locationOf,
  type ApiOperation,
  type HttpMethod,
  type IdempotencyRequirement,
  type LocationRule,
  type OperationDefinition,
  type OperationId,
  type OperationPathParams,
  type OperationRequestBody,
  type OperationResponseBody,
  type PathParamsOf,
  type RequestBody,
  type SuccessResponse,
} from './operation-table.js';
export {
  QUERY_KINDS,
  MAX_CURSOR_LENGTH,
  IGNORED_QUERY_PARAMETERS,
  type LimitBounds,
  type QueryKind,
  type QueryKindDefinition,
} from './query-kinds.js';
export { PATH_PARAMETERS, isWellFormedId, type PathParameterName } from './path-parameters.js';
export {
  API_ERRORS,
  isApiErrorCode,
  isRememberedError,
  type ApiErrorCode,
  type ApiErrorEntry,
} from './error-catalogue.js';
