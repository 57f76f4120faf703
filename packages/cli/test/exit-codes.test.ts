import { readFile } from 'node:fs/promises';
import { ArtifactVerificationError, TransmuteApiError, WaitTimeoutError } from '@transmute/client';
import { TransmuteError, type Job, type Problem } from '@transmute/contract';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES, exitCodeOf } from '../src/index.js';
import { describeError } from '../src/internal/error-hints.js';
import { CliError, UsageError } from '../src/internal/exit-codes.js';

function apiError(status: number, code: string): TransmuteApiError {
  const problem: Problem = {
    type: `https://docs.transmute.dev/problems/${code}`,
    title: code,
    status,
    code,
    detail: `Detail of ${code}.`,
    request_id: 'req_0123456789abcdefghijklmn',
    retryable: status >= 500 || status === 429,
  };
  return new TransmuteApiError(problem);
}

const job = { id: 'job_Q2w3E4r5T6y7U8', status: 'processing' } as Job;

describe('exit codes', () => {
  it.each([
    [apiError(401, 'unauthenticated'), 3],
    [apiError(403, 'account_suspended'), 3],
    [apiError(404, 'not_found'), 4],
    [apiError(400, 'invalid_parameter'), 5],
    [apiError(409, 'job_not_cancelable'), 5],
    [apiError(413, 'payload_too_large'), 5],
    [apiError(422, 'validation_failed'), 5],
    [apiError(429, 'rate_limited'), 6],
    [apiError(429, 'quota_exceeded'), 6],
    [apiError(500, 'internal_error'), 7],
    [apiError(503, 'service_unavailable'), 7],
    [new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }), 7],
    [apiError(0, 'connection_failed'), 7],
    [new WaitTimeoutError(job, 1000), 9],
    [new ArtifactVerificationError('digest_mismatch', 'a', 'b'), 5],
    [new UsageError('--limit must be a positive integer.'), 2],
    [new CommanderError(1, 'commander.unknownCommand', 'unknown command'), 2],
    [new CommanderError(0, 'commander.version', '0.1.0'), 0],
    [new CliError('job_failed', 'failed'), 8],
    [new TransmuteError('validation_failed', '--max-tokens must be a positive integer.'), 2],
    [new TransmuteError('empty_content', 'Nothing.'), 1],
    [new Error('anything else'), 1],
  ])('%s → %i', (error, code) => {
    expect(exitCodeOf(error)).toBe(code);
  });

  it('the README table is EXIT_CODES', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Exit codes'), readme.indexOf('## Converting locally'));
    const rows = [...section.matchAll(/^\| (\d+) \| `(\w+)` \| (.+) \|$/gm)].map(
      ([, code, name, meaning]) => [name, { code: Number(code), meaning }],
    );
    expect(Object.fromEntries(rows)).toEqual(EXIT_CODES);
  });
});

describe('error messages name what fixes them', () => {
  it.each([
    [apiError(401, 'unauthenticated'), /TRANSMUTE_API_KEY.*transmute login/],
    [
      new TransmuteError('source_blocked', 'The destination address is not allowed: loopback.'),
      /--allow-private-networks/,
    ],
    [new TransmuteError('unsupported_content', 'Cannot tell.'), /--media-type/],
    [apiError(409, 'content_not_paginable'), /transmute outputs download/],
    [new TypeError('fetch failed'), /--base-url/],
    [apiError(0, 'connection_failed'), /--base-url/],
  ])('%s', (error, hint) => {
    const lines = describeError(error);
    expect(lines.at(-1)).toMatch(/^hint: /);
    expect(lines.at(-1)).toMatch(hint);
  });

  it('an API problem says its code, detail, status, request id and field errors', () => {
    const error = new TransmuteApiError({
      type: 'about:blank',
      title: 'Validation failed',
      status: 422,
      code: 'validation_failed',
      detail: 'The body is invalid.',
      request_id: 'req_0123456789abcdefghijklmn',
      retryable: false,
      field_errors: [{ field: 'url', code: 'url_not_allowed', detail: 'Webhook endpoints must use https.' }],
    });
    expect(describeError(error)).toEqual([
      'validation_failed: The body is invalid. (HTTP 422, request req_0123456789abcdefghijklmn)',
      '  url: Webhook endpoints must use https.',
      expect.stringMatching(/^hint: .*--allow-private-networks/),
    ]);
  });

  it('a server that did not answer is named, with no HTTP status or request id that never existed', () => {
    const error = new TransmuteApiError({
      type: 'about:blank',
      title: 'Connection failed',
      status: 0,
      code: 'connection_failed',
      detail:
        'GET http://127.0.0.1:9/v1/jobs got no answer (connect ECONNREFUSED 127.0.0.1:9). Is the server running at http://127.0.0.1:9?',
      request_id: '',
      retryable: true,
    });
    const lines = describeError(error);
    expect(lines[0]).toBe(`connection_failed: ${error.problem.detail}`);
    expect(lines.at(-1)).toMatch(/^hint: Is the server running\? Check --base-url/);
  });
});
