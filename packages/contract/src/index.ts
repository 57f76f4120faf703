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
export {
  API_ERRORS,
  FAILURE_CODES,
  isApiErrorCode,
  isFailureCode,
  type ApiErrorCode,
  type FailureCode,
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
export { validateResource, type ValidateResourceOptions } from './validate-resource.js';
export {
  API_OPERATIONS,
  OPERATION_IDS,
  type ApiOperation,
  type HttpMethod,
  type OperationId,
  type QueryKind,
  type SuccessResponse,
} from './api-operations.js';
export { buildOpenApiDocument, CONTRACT_VERSION, type OpenApiDocument } from './build-openapi-document.js';
