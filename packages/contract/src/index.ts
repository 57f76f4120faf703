export type * from './wire-types.js';
export {
  SOURCE_TYPES,
  OUTPUT_FORMATS,
  OUTPUT_PROFILES,
  RETENTION_CLASSES,
  USAGE_UNITS,
  EVENT_TYPES,
  JOB_STAGES,
  ID_PREFIXES,
  SPEC_LIMITS,
  FILE_STATUSES,
  JOB_STATUSES,
  OUTPUT_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  PLANS,
  ACCOUNT_STATUSES,
  PLUGIN_IDS,
  PLUGIN_KINDS,
  PLUGIN_STATUSES,
  COST_UNITS,
  SURFACES,
  FIELD_ERROR_CODES,
  type ResourceKind,
} from './enums.js';
export { DEFAULT_OUTPUT_LANGUAGE, DEFAULT_OUTPUT_PROFILE } from './output-defaults.js';
export {
  OUTPUT_PROFILE_DESCRIPTIONS,
  outputProfilePurposes,
  type OutputProfileDescription,
} from './profile-descriptions.js';
export { createRequestId } from './request-id.js';
export {
  TERMINAL_JOB_STATUSES,
  ACTIVE_JOB_STATUSES,
  SETTLED_OUTPUT_STATUSES,
  UNSETTLED_FILE_STATUSES,
  READ_ONLY_ACCOUNT_STATUSES,
  isTerminalJobStatus,
  isActiveJobStatus,
  isSettledOutputStatus,
  isUnsettledFileStatus,
  isReadOnlyAccountStatus,
} from './status-groups.js';
export {
  API_ERRORS,
  FAILURE_CODES,
  WEBHOOK_ERROR_CODES,
  isApiErrorCode,
  isFailureCode,
  isRememberedError,
  type ApiErrorCode,
  type ApiErrorEntry,
  type FailureCode,
  type WebhookErrorCode,
  type ErrorCode,
} from './error-catalogue.js';
export {
  TransmuteError,
  isTransmuteError,
  toTransmuteError,
  fieldError,
  type TransmuteErrorOptions,
} from './transmute-error.js';
export type { JsonSchema, JsonSchemaTypeName, JsonValue } from './schemas/json-schema.js';
export {
  REQUEST_BODY_SCHEMAS,
  RESOURCE_SCHEMAS,
  COMPONENT_SCHEMAS,
  type RequestBodyName,
  type RequestBodyTypes,
  type ResourceName,
  type ResourceTypes,
} from './schemas/registry.js';
export { validateRequestBody, assertRequestBody } from './validate-request-body.js';
export { isStorableText } from './storable-text.js';
export { validateResource, type ValidateResourceOptions } from './validate-resource.js';
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
export { buildOpenApiDocument, CONTRACT_VERSION, type OpenApiDocument } from './build-openapi-document.js';
export { renderOpenApi } from './render-openapi.js';
export { renderErrorsDocument } from './render-errors-document.js';
