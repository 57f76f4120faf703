import { createClient, paginate, type ListParams, type TransmuteClient } from '@transmute/client';
import type { Command } from 'commander';
import { resolveConnection, type Connection } from './connection.js';
import { describeError } from './error-hints.js';
import { CliError, EXIT_CODES, exitCodeOf, UsageError, type ExitClass } from './exit-codes.js';
import { createPrinter, type Printer } from './print.js';
import { CLI_VERSION } from './version.js';

/** The flags every client command takes. */
export interface ClientFlags {
  baseUrl?: string;
  apiKey?: string;
  json?: boolean;
}

/** What a client command's action gets. */
export interface ClientContext {
  client: TransmuteClient;
  connection: Connection;
  print: Printer;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
}

/** The `User-Agent` of the CLI's requests. */
const USER_AGENT = `transmute-cli/${CLI_VERSION}`;

/** Adds `--base-url`, `--api-key` and `--json` to a command that talks to a server. */
export function addClientOptions(command: Command): Command {
  return command
    .option('--base-url <url>', 'server address (else TRANSMUTE_BASE_URL, else `transmute login`)')
    .option('--api-key <key>', 'API key (else TRANSMUTE_API_KEY, else `transmute login`)')
    .option('--json', 'print the API response as JSON (the default when stdout is not a terminal)');
}

/** Prints an error the way every command does and sets the exit code of its class. */
export function reportFailure(error: unknown, stderr: NodeJS.WritableStream = process.stderr): void {
  for (const line of describeError(error))
    stderr.write(`transmute: ${line.startsWith('hint:') ? '' : 'error: '}${line}\n`);
  process.exitCode = exitCodeOf(error);
}

/**
 * Wraps a client command's action: resolves the connection, builds the client and the printer,
 * aborts on Ctrl-C, and turns any error into its message, hint and exit code (`EXIT_CODES`).
 * The action returns the exit class to end with (`ok` when it returns nothing).
 */
export function clientAction<A extends unknown[], F extends ClientFlags>(
  run: (context: ClientContext, flags: F, ...args: A) => Promise<ExitClass | void>,
): (...params: unknown[]) => Promise<void> {
  return async (...params: unknown[]) => {
    // commander passes the arguments, then the options, then the command.
    const args = params.slice(0, -2) as A;
    const flags = params.at(-2) as F;
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once('SIGINT', stop);
    try {
      const connection = await resolveConnection(flags);
      const client = createClient({ ...connection, userAgent: USER_AGENT });
      const print = createPrinter(flags, process.stdout, process.stderr);
      const outcome = await run({ client, connection, print, signal: controller.signal }, flags, ...args);
      process.exitCode = EXIT_CODES[outcome ?? 'ok'].code;
    } catch (error) {
      reportFailure(controller.signal.aborted ? new CliError('interrupted', 'Interrupted.') : error);
    } finally {
      process.off('SIGINT', stop);
    }
  };
}

/** Parses a positive integer option (`--limit`, `--timeout`); a usage error names the flag. */
export function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) throw new UsageError(`${flag} must be a positive integer (got "${value}").`);
  return Number(value);
}

/** Adds `--limit`, `--cursor` and `--all` to a list command. */
export function addListOptions(command: Command): Command {
  return command
    .option('--limit <n>', 'page size, 1..100')
    .option('--cursor <cursor>', 'next_cursor of the previous page')
    .option('--all', 'follow the cursors and print every item');
}

/** The flags of a list command. */
export interface ListFlags {
  limit?: string;
  cursor?: string;
  all?: boolean;
}

/**
 * One page of a list, or with `--all` every item as one page (`has_more: false`), so the JSON
 * printed is a valid list body either way.
 */
export async function listPage<T, P extends ListParams>(
  list: (params?: P) => Promise<{ data: T[]; page: { next_cursor: string | null; has_more: boolean } }>,
  flags: ListFlags,
  params: Omit<P, 'limit' | 'cursor'>,
): Promise<{ data: T[]; page: { next_cursor: string | null; has_more: boolean } }> {
  const limit = positiveInteger('--limit', flags.limit);
  const query = {
    ...params,
    ...(limit === undefined ? {} : { limit }),
    ...(flags.cursor === undefined ? {} : { cursor: flags.cursor }),
  } as P;
  if (flags.all !== true) return list(query);
  const data: T[] = [];
  for await (const item of paginate(list, query)) data.push(item);
  return { data, page: { next_cursor: null, has_more: false } };
}
