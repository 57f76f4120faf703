/**
 * The one catalogue of error codes (CONTRACT §3) and of job/output failure codes.
 * Every error the project raises carries one of these codes; only the HTTP layer turns them into
 * problem+json, using `status`, `title` and `retryable` from here.
 */
export const API_ERRORS = {
  invalid_json: { status: 400, title: 'Invalid JSON body', retryable: false },
  invalid_parameter: { status: 400, title: 'Invalid parameter', retryable: false },
  invalid_cursor: { status: 400, title: 'Invalid cursor', retryable: false },
  idempotency_key_missing: { status: 400, title: 'Idempotency-Key header required', retryable: false },
  idempotency_key_invalid: { status: 400, title: 'Invalid Idempotency-Key header', retryable: false },
  unauthenticated: { status: 401, title: 'Authentication required', retryable: false },
  invalid_token: { status: 401, title: 'Invalid credential', retryable: false },
  account_suspended: { status: 403, title: 'Account suspended', retryable: false },
  not_found: { status: 404, title: 'Resource not found', retryable: false },
  route_not_found: { status: 404, title: 'Route not found', retryable: false },
  method_not_allowed: { status: 405, title: 'Method not allowed', retryable: false },
  idempotency_key_in_use: { status: 409, title: 'Idempotency key in use', retryable: true },
  job_not_terminal: { status: 409, title: 'Job is not in a terminal state', retryable: false },
  job_not_cancelable: { status: 409, title: 'Job cannot be canceled', retryable: false },
  job_not_renderable: { status: 409, title: 'Job cannot render outputs', retryable: false },
  output_not_ready: { status: 409, title: 'Output not ready', retryable: false },
  content_not_paginable: { status: 409, title: 'Output content is not paginable', retryable: false },
  upload_not_received: { status: 409, title: 'Upload not received', retryable: true },
  upload_expired: { status: 409, title: 'Upload intent expired', retryable: false },
  upload_already_completed: { status: 409, title: 'Upload already completed', retryable: false },
  delivery_not_dead_lettered: { status: 409, title: 'Delivery is not dead-lettered', retryable: false },
  payload_too_large: { status: 413, title: 'Payload too large', retryable: false },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', retryable: false },
  validation_failed: { status: 422, title: 'Validation failed', retryable: false },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused', retryable: false },
  upload_mismatch: { status: 422, title: 'Upload does not match intent', retryable: false },
  rate_limited: { status: 429, title: 'Too many requests', retryable: true },
  quota_exceeded: { status: 429, title: 'Quota exceeded', retryable: false },
  internal_error: { status: 500, title: 'Internal error', retryable: true },
  service_unavailable: { status: 503, title: 'Service unavailable', retryable: true },
} as const satisfies Record<string, { status: number; title: string; retryable: boolean }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/**
 * Failure codes of jobs and outputs (CONTRACT §3): not HTTP errors; they end up in the job's
 * `progress.detail` and `warnings`. Plugins add codes of their own here, never ad hoc strings.
 */
export const FAILURE_CODES = {
  source_unreachable: 'The source could not be fetched.',
  source_blocked: 'The source address is not allowed.',
  source_too_large: 'The source is larger than the limit.',
  unsupported_content: 'The content type is not supported.',
  empty_content: 'The source contains no extractable content.',
  extraction_failed: 'The content could not be extracted.',
  quality_below_threshold: 'The extracted content is below the quality threshold.',
  timeout: 'The work took longer than its time limit.',
  limit_exceeded: 'A plugin limit was exceeded.',
  internal_error: 'An internal error occurred.',
  job_canceled: 'The job was canceled before this output was rendered.',
  encrypted_document: 'The document is encrypted.',
  corrupt_file: 'The file is corrupt or truncated.',
  too_many_pages: 'The document has more pages than the limit.',
  duration_exceeded: 'The media is longer than the limit.',
  archive_unsafe: 'The archive is unsafe (path traversal, links or a decompression bomb).',
  transcription_unavailable: 'No transcription engine is available.',
  transcription_failed: 'Transcription failed.',
  media_type_mismatch: 'The file content does not match the declared media type.',
  digest_mismatch: 'The stored bytes do not match the declared sha256.',
  size_mismatch: 'The stored size does not match the declared size.',
  audio_transcription_not_allowed: 'Audio URLs need resolver_preferences.allow_audio_transcription.',
  enrichment_failed: 'The enrichment provider failed; the output stays extractive.',
} as const;

export type FailureCode = keyof typeof FAILURE_CODES;
export type ErrorCode = ApiErrorCode | FailureCode;

/** Whether a code is one of the job and output failure codes. */
export function isFailureCode(code: string): code is FailureCode {
  return Object.hasOwn(FAILURE_CODES, code);
}

/** Whether a code is one of the API's HTTP error codes. */
export function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(API_ERRORS, code);
}
