/** What the catalogue knows of one API error code. */
export interface ApiErrorEntry {
  status: number;
  /** Constant per code (CONTRACT §3). */
  title: string;
  retryable: boolean;
  /**
   * CONTRACT §5: whether the outcome is stored with the request's `Idempotency-Key` and replayed.
   * Remembered: errors an operation answers once it has begun executing. Forgotten: requests refused
   * before execution (400, 401/403, 404/405 of the router, 409 in use, 413, 415, 422 validation and
   * key reuse, 429) and 5xx, whose transaction rolled back, so a corrected or retried request runs.
   */
  remembered: boolean;
  /** When the code is answered (ERRORS.md). */
  when: string;
}

/**
 * The one catalogue of error codes (CONTRACT §3) and of job/output failure codes.
 * Every error the project raises carries one of these codes; only the HTTP layer turns them into
 * problem+json, using `status`, `title` and `retryable` from here; idempotency stores exactly the
 * `remembered` ones; ERRORS.md is generated from it.
 */
export const API_ERRORS = {
  malformed_request: {
    status: 400,
    title: 'Malformed request',
    retryable: false,
    remembered: false,
    when: 'the request is not valid HTTP/1.1 (a control character in a header, bad chunked encoding, both `Content-Length` and `Transfer-Encoding`, two `Content-Length`, an unknown method, no `Host`), or its connection closed before the body was complete (transport level)',
  },
  invalid_json: {
    status: 400,
    title: 'Invalid JSON body',
    retryable: false,
    remembered: false,
    when: 'the body is not JSON or not an object',
  },
  invalid_parameter: {
    status: 400,
    title: 'Invalid parameter',
    retryable: false,
    remembered: false,
    when: 'a bad query or path parameter (`limit=0`), with `field_errors`',
  },
  invalid_cursor: {
    status: 400,
    title: 'Invalid cursor',
    retryable: false,
    remembered: false,
    when: 'a cursor tampered with, expired (72 h), or from another list, filter or account',
  },
  idempotency_key_missing: {
    status: 400,
    title: 'Idempotency-Key header required',
    retryable: false,
    remembered: false,
    when: 'a create operation without `Idempotency-Key`',
  },
  idempotency_key_invalid: {
    status: 400,
    title: 'Invalid Idempotency-Key header',
    retryable: false,
    remembered: false,
    when: 'the key is not 1..255 printable ASCII characters',
  },
  unauthenticated: {
    status: 401,
    title: 'Authentication required',
    retryable: false,
    remembered: false,
    when: 'no credential',
  },
  invalid_token: {
    status: 401,
    title: 'Invalid credential',
    retryable: false,
    remembered: false,
    when: 'an unknown, malformed, revoked or expired credential',
  },
  account_suspended: {
    status: 403,
    title: 'Account suspended',
    retryable: false,
    remembered: false,
    when: 'a mutating operation of a `suspended` or `canceled` account',
  },
  not_found: {
    status: 404,
    title: 'Resource not found',
    retryable: false,
    remembered: true,
    when: 'an unknown id, a malformed id, or a resource of another account',
  },
  route_not_found: {
    status: 404,
    title: 'Route not found',
    retryable: false,
    remembered: false,
    when: 'an unknown path (route level: in no operation of the OpenAPI document)',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    retryable: false,
    remembered: false,
    when: 'a known path with another method, with `Allow` (route level)',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    retryable: true,
    remembered: false,
    when: "the request's headers or body did not arrive in time (transport level)",
  },
  idempotency_key_in_use: {
    status: 409,
    title: 'Idempotency key in use',
    retryable: true,
    remembered: false,
    when: 'the same key is still in flight; `Retry-After: 1`',
  },
  job_not_terminal: {
    status: 409,
    title: 'Job is not in a terminal state',
    retryable: false,
    remembered: true,
    when: 'deleteJob on a `queued`, `processing` or `canceling` job',
  },
  job_not_cancelable: {
    status: 409,
    title: 'Job cannot be canceled',
    retryable: false,
    remembered: true,
    when: 'cancelJob on a `succeeded`, `failed` or `expired` job',
  },
  job_not_renderable: {
    status: 409,
    title: 'Job cannot render outputs',
    retryable: false,
    remembered: true,
    when: 'createJobOutput on a `failed`, `canceled` or `expired` job',
  },
  output_not_ready: {
    status: 409,
    title: 'Output not ready',
    retryable: false,
    remembered: true,
    when: 'content of an output that is not `succeeded`',
  },
  content_not_paginable: {
    status: 409,
    title: 'Output content is not paginable',
    retryable: false,
    remembered: true,
    when: "content of a `zip` output (use the manifest's `download_url`)",
  },
  upload_not_received: {
    status: 409,
    title: 'Upload not received',
    retryable: true,
    remembered: true,
    when: 'completeFileUpload before the bytes arrived',
  },
  upload_expired: {
    status: 409,
    title: 'Upload intent expired',
    retryable: false,
    remembered: true,
    when: "completeFileUpload after the intent's `expires_at`",
  },
  upload_already_completed: {
    status: 409,
    title: 'Upload already completed',
    retryable: false,
    remembered: true,
    when: 'a `PUT` to an upload URL after completion (upload route outside `/v1`)',
  },
  delivery_not_dead_lettered: {
    status: 409,
    title: 'Delivery is not dead-lettered',
    retryable: false,
    remembered: true,
    when: 'replay of a delivery that is not `dead_letter`',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    retryable: false,
    remembered: false,
    when: 'a createJob body over 16 MiB, another body over 64 KiB, upload bytes beyond `size_bytes`',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    retryable: false,
    remembered: false,
    when: 'a body that is not `application/json` (PATCH also takes `application/merge-patch+json`)',
  },
  validation_failed: {
    status: 422,
    title: 'Validation failed',
    retryable: false,
    remembered: false,
    when: 'well-formed JSON outside the constraints, one `field_errors` item per bad field',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key reused',
    retryable: false,
    remembered: false,
    when: 'the same key with another method, path or body',
  },
  upload_mismatch: {
    status: 422,
    title: 'Upload does not match intent',
    retryable: false,
    remembered: true,
    when: 'a completion body that differs from the intent; an open upload then ends `rejected`, its bytes removed',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    retryable: true,
    remembered: false,
    when: 'the request rate; `Retry-After` and `RateLimit` headers',
  },
  quota_exceeded: {
    status: 429,
    title: 'Quota exceeded',
    retryable: false,
    remembered: false,
    when: "the period's `jobs`/`input_bytes` or the spend cap would be passed; for `createUploadIntent`, the input used with the declared sizes of the account's uploads not yet settled and the new one",
  },
  headers_too_large: {
    status: 431,
    title: 'Request headers too large',
    retryable: false,
    remembered: false,
    when: "the request's header section is larger than the server accepts (16 KiB by default; transport level)",
  },
  stored_data_missing: {
    status: 500,
    title: 'Stored data missing',
    retryable: false,
    remembered: false,
    when: 'the stored bytes of an artifact are gone (lost by the storage, never by a delete); logged with the artifact',
  },
  internal_error: {
    status: 500,
    title: 'Internal error',
    retryable: true,
    remembered: false,
    when: 'a bug, logged with the request id',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    retryable: true,
    remembered: false,
    when: 'shutting down or the store unreachable; `Retry-After`',
  },
} as const satisfies Record<string, ApiErrorEntry>;

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
  stored_data_missing: 'The stored bytes this work needs are missing.',
} as const;

export type FailureCode = keyof typeof FAILURE_CODES;

/**
 * `last_error_code` of a webhook delivery (CONTRACT §10): why its last attempt failed, or why it
 * ended without one. Not HTTP errors of the API; ERRORS.md lists them, and the dispatcher records
 * nothing else.
 */
export const WEBHOOK_ERROR_CODES = {
  timeout: 'The receiver did not answer within the attempt timeout.',
  connection_refused: 'The receiver refused the connection.',
  connection_reset: 'The connection broke before the answer ended.',
  dns_resolution_failed: "The receiver's host name did not resolve.",
  tls_error: 'The TLS handshake with the receiver failed.',
  destination_blocked: 'The receiver address is not allowed (private or loopback network).',
  redirect_not_followed: 'The receiver answered with a redirect (3xx); redirects are never followed.',
  http_error: 'The receiver answered with a status outside 2xx.',
  rate_limited: 'The receiver answered 429.',
  endpoint_gone: 'The receiver answered 410 Gone; the endpoint was paused.',
  endpoint_paused: 'The endpoint stayed paused past the hold time.',
  endpoint_deleted: 'The endpoint was deleted.',
  interrupted:
    'The dispatcher stopped while the request was in flight; the receiver may have had it (retried).',
  secret_unreadable:
    "The endpoint's signing secret could not be decrypted (the master key is missing or changed); nothing was sent (retried).",
} as const;

export type WebhookErrorCode = keyof typeof WEBHOOK_ERROR_CODES;
export type ErrorCode = ApiErrorCode | FailureCode;

/** Whether a code is one of the job and output failure codes. */
export function isFailureCode(code: string): code is FailureCode {
  return Object.hasOwn(FAILURE_CODES, code);
}

/** Whether a code is one of the API's HTTP error codes. */
export function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(API_ERRORS, code);
}

/** Whether idempotency stores an error of this code with its key and replays it (CONTRACT §5). */
export function isRememberedError(code: string): boolean {
  return isApiErrorCode(code) && API_ERRORS[code].remembered;
}
