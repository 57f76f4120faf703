import { FIELD_ERROR_CODES } from './enums.js';
import { API_ERRORS, WEBHOOK_ERROR_CODES, type ApiErrorCode } from './error-catalogue.js';
import { operationErrorCodes } from './internal/operation-errors.js';
import { API_OPERATIONS } from './operation-table.js';
import type { FieldErrorCode } from './wire-types.js';

const FIELD_ERROR_MEANINGS: Record<FieldErrorCode, string> = {
  required: 'a required field is missing (or an update body names no field)',
  invalid_type: 'the value has the wrong JSON type',
  invalid_value:
    'the value is not one of the allowed values, or a string holds a NUL character (U+0000) or an unpaired UTF-16 surrogate (in a body field or a query parameter); also a query parameter given more than once',
  too_short: 'a string is shorter than its limit',
  too_long: 'a string is longer than its limit',
  too_small: 'a number is below its limit',
  too_large: 'a number is above its limit',
  too_few_items: 'an array has fewer items than its limit',
  too_many_items: 'an array has more items than its limit',
  duplicate_item: 'an array item repeats an earlier one (the later index is named)',
  invalid_format:
    'a string does not match its pattern or format (identifier, digest, URI, date-time), or a path or query parameter is not percent-encoded UTF-8',
  unknown_field: 'a field the contract does not define (also a query parameter the operation does not take)',
  not_found: 'a referenced resource (e.g. a file id) does not exist for the account',
  not_ready: 'a referenced resource is not ready (e.g. a file still `validating`)',
  url_not_allowed: 'a URL refused by the SSRF policy',
  unsupported: 'a format or media type no installed plugin handles',
};

const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
const codeList = (codes: readonly ApiErrorCode[]): string => codes.map((code) => `\`${code}\``).join(', ');

/**
 * ERRORS.md, the error documentation of the v1 API, generated from the error catalogue and the
 * operation table (`pnpm --filter @transmute/contract run generate`; a test fails on drift).
 */
export function renderErrorsDocument(): string {
  const lines = [
    '# Error codes of the v1 API',
    '',
    '<!-- Generated from src/error-catalogue.ts and src/operation-table.ts by',
    '     `pnpm --filter @transmute/contract run generate`; do not edit. -->',
    '',
    'Every non-2xx response is `application/problem+json` (RFC 9457) with `type`, `title`, `status`,',
    '`code`, `detail`, `request_id`, `retryable` and, for `validation_failed` and `invalid_parameter`,',
    '`field_errors`. The OpenAPI document (`openapi.yaml`) lists, per operation, which of these codes it',
    'can answer with.',
    '',
    "`replayed` says whether the error is stored with the request's `Idempotency-Key` (CONTRACT §5):",
    'a repeat with the same key and request answers it again with `Idempotent-Replayed: true`. Requests',
    'refused before the operation began executing, and server errors, are not stored, so a corrected or',
    'retried request with the same key runs.',
    '',
    'Codes marked *transport level* answer requests that never reach an operation: node:http could',
    'not parse them, or the connection broke. They carry the same problem body and `Request-Id`.',
    '',
    '| status | code | retryable | replayed | title | when |',
    '|---|---|---|---|---|---|',
  ];
  for (const [code, entry] of Object.entries(API_ERRORS)) {
    lines.push(
      `| ${entry.status} | \`${code}\` | ${yesNo(entry.retryable)} | ${yesNo(entry.remembered)} | ${entry.title} | ${entry.when} |`,
    );
  }
  lines.push('', '## Codes per operation', '', '| operation | request | codes |', '|---|---|---|');
  for (const operation of API_OPERATIONS) {
    lines.push(
      `| \`${operation.operationId}\` | \`${operation.method} ${operation.path}\` | ${codeList(operationErrorCodes(operation))} |`,
    );
  }
  lines.push(
    '',
    '## Field error codes',
    '',
    '`field_errors[].field` is a dotted path with bracket indices (`source.file_ids[2]`); errors about',
    'the body as a whole use `body`. `field_errors[].code` is one of:',
    '',
    '| code | meaning |',
    '|---|---|',
  );
  for (const code of FIELD_ERROR_CODES) lines.push(`| \`${code}\` | ${FIELD_ERROR_MEANINGS[code]} |`);
  lines.push(
    '',
    '## Webhook delivery error codes',
    '',
    "A webhook delivery's `last_error_code` says why its last attempt failed, or why it ended without",
    'one. These are not HTTP errors of the API: the delivery resource carries them.',
    '',
    '| code | meaning |',
    '|---|---|',
  );
  for (const [code, meaning] of Object.entries(WEBHOOK_ERROR_CODES))
    lines.push(`| \`${code}\` | ${meaning} |`);
  return `${lines.join('\n')}\n`;
}
