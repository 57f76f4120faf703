import { isTransmuteError } from '@transmute/contract';
import { ArtifactVerificationError, isTransmuteApiError, WaitTimeoutError } from '@transmute/client';
import { CommanderError } from 'commander';

/**
 * The exit codes of `transmute`, one per class of error (documented in the CLI README's "Exit
 * codes" table, which `test/exit-codes.test.ts` checks against this one).
 */
export const EXIT_CODES = {
  ok: { code: 0, meaning: 'Success.' },
  generic: { code: 1, meaning: 'Any other error (a local conversion failed, a file could not be read).' },
  usage: {
    code: 2,
    meaning: 'Wrong usage: unknown command or option, a missing or invalid argument, no server configured.',
  },
  auth: { code: 3, meaning: 'No API key, or the server refused it (401, 403).' },
  not_found: { code: 4, meaning: 'The job, file, output or endpoint does not exist (404).' },
  invalid: {
    code: 5,
    meaning:
      'The server refused the request: validation, conflict or state (400, 409, 413, 415, 422), or a download did not match its manifest.',
  },
  rate_limited: { code: 6, meaning: 'Rate limit or quota (429, 402).' },
  server: { code: 7, meaning: 'The server failed or could not be reached (5xx, connection refused).' },
  job_failed: { code: 8, meaning: 'The job ended failed, canceled or expired (`--wait`, `jobs wait`).' },
  timeout: { code: 9, meaning: 'The job was still running when `--timeout` ran out.' },
  interrupted: { code: 130, meaning: 'Interrupted (Ctrl-C).' },
} as const;

/** Name of an exit-code class. */
export type ExitClass = keyof typeof EXIT_CODES;

/** A mistake in how the command was called; exits with `usage` (2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A condition the CLI itself reports with an exit class (no server answer behind it). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly exitClass: ExitClass,
    message: string,
  ) {
    super(message);
  }
}

function classOfStatus(status: number): ExitClass {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429 || status === 402) return 'rate_limited';
  if (status >= 500) return 'server';
  if (status >= 400) return 'invalid';
  return 'generic';
}

/** The exit class of an error thrown by a command. */
export function exitClassOf(error: unknown): ExitClass {
  if (error instanceof CliError) return error.exitClass;
  if (error instanceof UsageError) return 'usage';
  if (error instanceof CommanderError) return error.exitCode === 0 ? 'ok' : 'usage';
  // No server answered (refused, reset, DNS): the server's side of things, as a 5xx is.
  if (isTransmuteApiError(error) && error.code === 'connection_failed') return 'server';
  if (isTransmuteApiError(error)) return classOfStatus(error.status);
  if (error instanceof WaitTimeoutError) return 'timeout';
  if (error instanceof ArtifactVerificationError) return 'invalid';
  if (isTransmuteError(error) && error.code === 'validation_failed') return 'usage';
  if (error instanceof Error && error.name === 'AbortError') return 'interrupted';
  // fetch() failing to connect: TypeError('fetch failed') with the socket error as its cause.
  if (error instanceof TypeError && error.message === 'fetch failed') return 'server';
  return 'generic';
}

/** The process exit code of an error. */
export function exitCodeOf(error: unknown): number {
  return EXIT_CODES[exitClassOf(error)].code;
}
