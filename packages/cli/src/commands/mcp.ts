import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { createClient, type TransmuteClient } from '@transmute/client';
import { createFetchHandler } from '@transmute/http';
import { createClientApiCaller, serveStdio } from '@transmute/mcp';
import { openRuntime } from '../internal/open-runtime.js';
import { readLocalFile } from '../internal/read-local-file.js';
import { addSettingOptions } from '../internal/setting-options.js';
import { resolveSettings } from '../internal/settings.js';

/** Flags of `transmute mcp`. */
interface McpFlags extends Record<string, unknown> {
  local?: boolean;
  baseUrl?: string;
  apiKey?: string;
  dataDir?: string;
  adminTools?: boolean;
}

/** A client of the API and how to let it go. */
interface ApiConnection {
  client: TransmuteClient;
  close(): Promise<void>;
}

/** The address the embedded API answers on; nothing listens there, calls go to the handler directly. */
const LOCAL_BASE_URL = 'http://transmute.local';

function stderrLine(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * `--local`: engine + service on SQLite in `--data-dir` / `TRANSMUTE_DATA_DIR` (else a temporary
 * directory, removed on exit) with a local account, and a client whose `fetch` calls the handler in-process: no port,
 * no server, no network beyond what a source needs.
 */
async function openLocalApi(flags: McpFlags): Promise<ApiConnection> {
  const chosen = flags.dataDir ?? process.env.TRANSMUTE_DATA_DIR;
  const temporary =
    chosen === undefined || chosen === '' ? await mkdtemp(join(tmpdir(), 'transmute-mcp-')) : null;
  const settings = { ...resolveSettings({ ...flags, baseUrl: undefined }), worker: true };
  if (temporary !== null) settings.dataDir = temporary;
  const runtime = await openRuntime(settings, { baseUrl: LOCAL_BASE_URL, worker: true });
  for (const skipped of runtime.skippedPlugins) stderrLine(`Plugin not loaded: ${skipped}`);
  const [account] = await runtime.service.admin.listAccounts();
  const { apiKey } =
    account === undefined
      ? await runtime.service.admin.createAccount({ plan: 'developer' })
      : await runtime.service.admin.createApiKey(account.id);
  const handler = createFetchHandler({ service: runtime.service, rateLimit: false });
  await runtime.service.start();
  const client = createClient({
    baseUrl: LOCAL_BASE_URL,
    apiKey,
    fetch: (input, init) => handler(new Request(input, init)),
  });
  return {
    client,
    async close() {
      await runtime.close();
      if (temporary !== null) await rm(temporary, { recursive: true, force: true });
    },
  };
}

/** `--base-url`/`--api-key` (else `TRANSMUTE_BASE_URL`/`TRANSMUTE_API_KEY`): a running server. */
function openRemoteApi(flags: McpFlags): ApiConnection {
  const baseUrl = flags.baseUrl ?? process.env.TRANSMUTE_BASE_URL;
  const apiKey = flags.apiKey ?? process.env.TRANSMUTE_API_KEY;
  if (baseUrl === undefined || baseUrl === '') {
    throw new Error('Give the server with --base-url (or TRANSMUTE_BASE_URL), or use --local.');
  }
  if (apiKey === undefined || apiKey === '') {
    throw new Error('Give a credential with --api-key (or TRANSMUTE_API_KEY).');
  }
  return { client: createClient({ baseUrl, apiKey }), close: () => Promise.resolve() };
}

/**
 * `transmute mcp`: the Model Context Protocol server on stdio, for agent hosts (Claude Desktop,
 * Cursor, …). With `--base-url`/`--api-key` its tools call a running server; with `--local` they
 * call an embedded engine and service.
 */
export function registerMcpCommand(program: Command): void {
  const command = program
    .command('mcp')
    .description('Serve the MCP server (tools and resources for agents) on stdio')
    .option('--local', 'Embed the engine and a service on SQLite instead of calling a server')
    .option('--base-url <url>', 'Server to call (env TRANSMUTE_BASE_URL)')
    .option('--api-key <key>', 'API key or access token (env TRANSMUTE_API_KEY)')
    .option(
      '--admin-tools',
      'Also offer the administration tools (files, deletes, usage, webhooks): every v1 operation',
    )
    .option(
      '--data-dir <dir>',
      'With --local: keep the database and blobs here (env TRANSMUTE_DATA_DIR; default a temporary directory, removed on exit)',
    );
  addSettingOptions(command, ['databaseUrl', 'allowPrivateNetworks', 'workerConcurrency']);
  command.action(async (flags: McpFlags) => {
    // stdout is the protocol channel: a library's stray console.log would corrupt it.
    console.log = console.error;
    console.info = console.error;
    console.debug = console.error;
    const connection = flags.local === true ? await openLocalApi(flags) : openRemoteApi(flags);
    const stop = async (): Promise<void> => {
      await connection.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
    await serveStdio({
      api: createClientApiCaller(connection.client),
      localFiles: readLocalFile,
      adminTools: flags.adminTools === true,
    });
    await stop();
  });
}
