import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, UsageError } from './exit-codes.js';

/** Where a client command sends its requests, and as whom. */
export interface Connection {
  baseUrl: string;
  apiKey: string;
}

/** What `transmute login` stores (snake_case, like the API). */
interface ConfigFile {
  base_url?: string;
  api_key?: string;
}

/** `$XDG_CONFIG_HOME/transmute/config.json`, else `~/.config/transmute/config.json`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== ''
      ? env.XDG_CONFIG_HOME
      : join(homedir(), '.config');
  return join(base, 'transmute', 'config.json');
}

async function readConfig(path: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return {};
  }
  try {
    return JSON.parse(text) as ConfigFile;
  } catch {
    throw new UsageError(`${path} is not valid JSON: run \`transmute login\` again or fix it.`);
  }
}

/** Writes the config file with mode 0600 (its directory 0700): it holds an API key. */
export async function writeConfig(connection: Connection, path = configPath()): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const body: ConfigFile = { base_url: connection.baseUrl, api_key: connection.apiKey };
  await writeFile(path, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600); // an existing file keeps its mode on write
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Refuses a server address holding a user name or password (`http://user:KEY@host`): the client
 * never sends credentials that way, and an error quoting the address would print them. The
 * message names neither.
 */
function assertNoUserinfo(baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return; // not a URL: the client's own error says so, and it does not quote the address
  }
  if (url.username !== '' || url.password !== '')
    throw new UsageError(
      'The server address (--base-url, TRANSMUTE_BASE_URL or the saved login) must not contain a user name or password: give the address alone and the API key with --api-key or TRANSMUTE_API_KEY.',
    );
}

/**
 * The connection of a client command: `--base-url`/`--api-key`, else `TRANSMUTE_BASE_URL`/
 * `TRANSMUTE_API_KEY`, else the config file `transmute login` wrote; each setting on its own. An
 * address with credentials in it is refused.
 */
export async function resolveConnection(
  flags: { baseUrl?: string; apiKey?: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<Connection> {
  let file: ConfigFile | undefined;
  const fromFile = async (): Promise<ConfigFile> => (file ??= await readConfig(configPath(env)));
  const baseUrl =
    nonEmpty(flags.baseUrl) ?? nonEmpty(env.TRANSMUTE_BASE_URL) ?? nonEmpty((await fromFile()).base_url);
  if (baseUrl === undefined)
    throw new UsageError(
      'No server: pass --base-url <url>, set TRANSMUTE_BASE_URL, or run `transmute login --base-url <url> --api-key <key>`.',
    );
  assertNoUserinfo(baseUrl);
  const apiKey =
    nonEmpty(flags.apiKey) ?? nonEmpty(env.TRANSMUTE_API_KEY) ?? nonEmpty((await fromFile()).api_key);
  if (apiKey === undefined)
    throw new CliError(
      'auth',
      'No API key: pass --api-key <key>, set TRANSMUTE_API_KEY, or run `transmute login --base-url <url> --api-key <key>`.',
    );
  return { baseUrl, apiKey };
}
