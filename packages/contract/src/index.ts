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
  type ResourceKind,
} from './enums.js';
export {
  API_ERRORS,
  FAILURE_CODES,
  isApiErrorCode,
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
