import type { ApiErrorCode } from '@transmute/contract';

/**
 * How a client fixes each problem, in markdown: the one thing the error catalogue does not say
 * (it says when a code is answered). Typed by the catalogue, so a new code without advice does
 * not compile.
 */
export const PROBLEM_ADVICE: Record<ApiErrorCode, string> = {
  malformed_request:
    'Send valid HTTP/1.1: one `Content-Length` or chunked encoding (never both), no control characters in header values, a `Host` header. If the connection dropped mid-body, send the request again.',
  invalid_json: 'Send one JSON object as the body, UTF-8 encoded, with `Content-Type: application/json`.',
  invalid_parameter:
    'Read `field_errors`: each names the query or path parameter and what is wrong (`unknown_field`, `invalid_value`, `invalid_format`). Send only the parameters the operation takes, each once, percent-encoded UTF-8.',
  invalid_cursor:
    'Start the listing again without `cursor` and follow `next_cursor` from the answers. A cursor works only with the same list, filter and account, for 72 hours.',
  idempotency_key_missing:
    'Add an `Idempotency-Key` header (for example a UUID) to every create operation, and reuse the same key when you retry the same request. See [idempotency and retries](../guides/idempotency-and-retries.html).',
  idempotency_key_invalid:
    'Use 1–255 printable ASCII characters (a UUID is ideal), or an RFC 8941 quoted string.',
  unauthenticated: 'Send `Authorization: Bearer <API key>` (an API key starts with `tmk_`).',
  invalid_token:
    'Check that the key was copied whole and has not been revoked; for an OAuth token, that it has not expired and was issued for this API (issuer and audience). Ask the operator for a new key if needed.',
  account_suspended:
    'The account can only read. Ask the operator (or billing) to reactivate it; reads keep working meanwhile.',
  not_found:
    'Check the id (its prefix names the resource: `job_`, `out_`, `file_`, `wh_`, `whd_`) and that it belongs to the account of your credential. Expired jobs and deleted resources are gone.',
  route_not_found:
    'Check the path against the [API reference](../reference.html): every operation starts with `/v1/`, and the base URL includes any prefix the API is mounted under.',
  method_not_allowed: 'Use one of the methods the `Allow` header lists.',
  request_timeout:
    'Send the headers and body without long pauses; on a slow link, upload large files with the direct upload flow. Retrying is safe.',
  idempotency_key_in_use:
    'An earlier request with this key is still running. Wait for `Retry-After` seconds and send the same request again: you then get its answer.',
  job_not_terminal:
    'Cancel the job first (`POST /v1/jobs/{job_id}/cancel`), wait until it is `canceled`, then delete it.',
  job_not_cancelable: 'Nothing to do: the job has already ended. Read its status and outputs instead.',
  job_not_renderable:
    'Only jobs that succeeded (or are still running) can get another output. Create a new job from the source.',
  output_not_ready:
    'Wait until the output is `succeeded` (poll `GET /v1/outputs/{output_id}` or listen for `output.succeeded`), then read its content.',
  content_not_paginable:
    "A `zip` output has no pages of text: download its artifacts from the manifest's `download_url`.",
  upload_not_received: 'PUT the bytes to the `upload_url` of the intent first, then complete the upload.',
  upload_expired: 'The intent expired before completion. Create a new upload intent and upload again.',
  upload_already_completed: 'The upload is complete already; nothing more to send. Use the file id.',
  delivery_not_dead_lettered:
    'Only `dead_letter` deliveries can be replayed; a pending or failed one is still being retried on its own.',
  payload_too_large:
    'Send large content as a file through the direct upload flow (see [direct uploads](../guides/direct-uploads.html)), and never more bytes than the intent declared.',
  unsupported_media_type:
    'Send `Content-Type: application/json` (PATCH also takes `application/merge-patch+json`).',
  validation_failed:
    'Read `field_errors`: each names a field as a dotted path (`source.file_ids[2]`) and a code. Fix those fields; the [API reference](../reference.html) lists every schema.',
  idempotency_key_reused:
    'A key belongs to one request. Use a new key for a different method, path or body; reuse a key only to retry the very same request.',
  upload_mismatch:
    'Complete the upload with exactly the `sha256` and `size_bytes` of the bytes you sent and declared. Compute the digest over the whole file. Nothing changed: the upload stays `uploaded` until its intent lapses, so send the complete again with the right values.',
  rate_limited:
    'Wait `Retry-After` seconds before the next request, and keep under the rate the `RateLimit` headers announce. The clients retry these for you.',
  quota_exceeded:
    "The period's allowance is used up. Wait for the next period (see `GET /v1/usage`), raise the plan or spend cap, or delete uploads you will not use.",
  headers_too_large: 'Send fewer or smaller headers (large cookies are the usual cause).',
  stored_data_missing:
    'The storage lost the bytes of this artifact (outside Transmute: a wiped volume or a bucket rule). Render the output again with createJobOutput, or run the job again; the operator finds the key in the server log.',
  internal_error:
    'A bug on the server side. Retrying may work; if it persists, report it with the `request_id`.',
  service_unavailable:
    'The server is restarting or its store is unreachable. Retry after `Retry-After` seconds.',
};
