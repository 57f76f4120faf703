import { QUERY_KINDS, TransmuteError } from '@transmute/contract';
import type { LocalFile } from '../api-caller.js';

/** Reads a local file for upload; given only where the server runs on the user's machine (stdio). */
export type LocalFileReader = (path: string, mediaType?: string) => Promise<LocalFile>;

/** Bounds of a wait in seconds: the default and the longest a single tool call may block. */
export const WAIT_SECONDS = { default: 60, max: 300 } as const;

/** Bounds of a content page in characters (the API's `content` query kind). */
export const contentLimit = QUERY_KINDS.content.limit;
/** The `wait_seconds` argument. */
export const waitSecondsSchema = {
  type: 'integer',
  minimum: 0,
  maximum: WAIT_SECONDS.max,
  default: WAIT_SECONDS.default,
  description: `Longest wait in seconds (at most ${WAIT_SECONDS.max}); a job still running then is returned as it is.`,
} as const;
/** The `page_size` argument. */
export const pageSizeSchema = {
  type: 'integer',
  minimum: contentLimit.min,
  maximum: contentLimit.max,
  default: contentLimit.default,
  description: 'Characters per content page.',
} as const;
/** What the descriptions say about profiles. */
export const AGENT_HINT =
  'Profile `agent_context` gives a token-budgeted context pack (summary, key facts, cited chunks): the ' +
  'natural thing to hand an agent; `raw_source` gives the full extracted content as Markdown.';

/** A non-empty string argument, else undefined. */
export function stringArg(args: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A finite number argument, else the fallback. */
export function numberArg(args: Readonly<Record<string, unknown>>, name: string, fallback: number): number {
  const value = args[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** An `invalid_parameter` error naming the argument. */
export function invalid(field: string, detail: string): TransmuteError {
  return new TransmuteError('invalid_parameter', detail, {
    fieldErrors: [{ field, code: 'invalid_value', detail }],
  });
}

/** Reads a local file; a failure to read is an `invalid_parameter` error naming the path. */
export async function readLocal(
  reader: LocalFileReader,
  path: string,
  mediaType?: string,
): Promise<LocalFile> {
  try {
    return await reader(path, mediaType);
  } catch (error) {
    if (error instanceof TransmuteError) throw error;
    throw invalid('path', `Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The wait of a call in milliseconds, `wait_seconds` clamped to its bounds. */
export function waitMs(args: Readonly<Record<string, unknown>>): number {
  return (
    Math.min(Math.max(numberArg(args, 'wait_seconds', WAIT_SECONDS.default), 0), WAIT_SECONDS.max) * 1000
  );
}
