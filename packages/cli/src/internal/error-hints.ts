import { isTransmuteError } from '@transmute/contract';
import { isTransmuteApiError } from '@transmute/client';

/**
 * The flag or setting that fixes an error, by error code (API problem codes, field error codes,
 * CONTRACT §3 failure codes, and the client's `connection_failed` for a server that could not be
 * reached). One table for every command.
 */
export const ERROR_HINTS: Readonly<Record<string, string>> = {
  unauthenticated:
    'Set TRANSMUTE_API_KEY or run `transmute login` (it asks for the key: the one `transmute serve` printed on its first start, or `transmute keys create`).',
  invalid_token:
    'The API key is wrong or revoked: set another in TRANSMUTE_API_KEY or with `transmute login`.',
  account_suspended: 'The account is suspended: an operator runs `transmute accounts activate <account-id>`.',
  source_blocked:
    'Private, loopback and plain-http addresses are refused by default: pass --allow-private-networks (`transmute convert`, `transmute serve`; TRANSMUTE_ALLOW_PRIVATE_NETWORKS=true) for development.',
  url_not_allowed:
    'The server refuses private, loopback and plain-http addresses unless it runs with --allow-private-networks (TRANSMUTE_ALLOW_PRIVATE_NETWORKS=true; development only).',
  unsupported_content:
    'Pass --media-type <type> when the extension or the bytes do not say what the input is.',
  media_type_mismatch: 'The bytes do not match the media type: pass the right one with --media-type.',
  content_not_paginable: 'A zip output has no content pages: use `transmute outputs download <output-id>`.',
  output_not_ready: 'Wait for the job first: `transmute jobs wait <job-id>`.',
  quota_exceeded: 'See `transmute usage` for the plan limits of this period.',
  rate_limited: 'Too many requests: wait and try again.',
  connection_failed:
    'Is the server running? Check --base-url (or TRANSMUTE_BASE_URL, or `transmute login`); `transmute serve` starts one.',
};

/** The code of an error for the hint table, when it has one (a field error's code first). */
function codeOf(error: unknown): string | undefined {
  if (isTransmuteApiError(error))
    return error.fieldErrors.find((field) => ERROR_HINTS[field.code] !== undefined)?.code ?? error.code;
  if (isTransmuteError(error)) return error.code;
  if (error instanceof TypeError && error.message === 'fetch failed') return 'connection_failed';
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? ` (${cause.message})` : '';
}

/**
 * The lines `transmute` prints for a failed command: the code and sentence (the request id of an
 * API problem, its field errors), then the hint naming the flag or setting that fixes it.
 */
export function describeError(error: unknown): string[] {
  const lines: string[] = [];
  if (isTransmuteApiError(error) && error.status === 0) {
    // No answer, so no status and no request id to quote.
    lines.push(`${error.code}: ${error.problem.detail}`);
  } else if (isTransmuteApiError(error)) {
    lines.push(
      `${error.code}: ${error.problem.detail} (HTTP ${String(error.status)}, request ${error.requestId})`,
    );
    for (const field of error.fieldErrors) lines.push(`  ${field.field}: ${field.detail}`);
  } else if (isTransmuteError(error)) {
    lines.push(`${error.code}: ${error.message}`);
  } else if (error instanceof TypeError && error.message === 'fetch failed') {
    lines.push(`Cannot reach the server${causeOf(error)}.`);
  } else {
    lines.push(error instanceof Error ? error.message : String(error));
  }
  const code = codeOf(error);
  const hint = code === undefined ? undefined : ERROR_HINTS[code];
  if (hint !== undefined) lines.push(`hint: ${hint}`);
  return lines.map((line) => line.replace(/\s*\n\s*/g, ' '));
}
