import type { Command } from 'commander';

/** Adds one command (with its options and action) to the program. */
export type RegisterCommand = (program: Command) => void;

/**
 * Each command's module, imported only when it is needed: `transmute convert` loads the engine,
 * `serve` the service, the client commands the client, and `--version` none of them. The order
 * is the order of `transmute --help`.
 */
export const COMMAND_LOADERS = {
  serve: async () => (await import('../commands/serve.js')).registerServeCommand,
  worker: async () => (await import('../commands/worker.js')).registerWorkerCommand,
  convert: async () => (await import('../commands/convert.js')).registerConvertCommand,
  accounts: async () => (await import('../commands/accounts.js')).registerAccountsCommand,
  keys: async () => (await import('../commands/keys.js')).registerKeysCommand,
  openapi: async () => (await import('../commands/openapi.js')).registerOpenapiCommand,
  mcp: async () => (await import('../commands/mcp.js')).registerMcpCommand,
  login: async () => (await import('../commands/login.js')).registerLoginCommand,
  jobs: async () => (await import('../commands/jobs.js')).registerJobsCommand,
  files: async () => (await import('../commands/files.js')).registerFilesCommand,
  outputs: async () => (await import('../commands/outputs.js')).registerOutputsCommand,
  webhooks: async () => (await import('../commands/webhooks.js')).registerWebhooksCommand,
  usage: async () => (await import('../commands/usage.js')).registerUsageCommand,
  capabilities: async () => (await import('../commands/capabilities.js')).registerCapabilitiesCommand,
} satisfies Record<string, () => Promise<RegisterCommand>>;

/** A command name of {@link COMMAND_LOADERS}. */
export type CommandName = keyof typeof COMMAND_LOADERS;

function isCommandName(word: string | undefined): word is CommandName {
  return word !== undefined && Object.hasOwn(COMMAND_LOADERS, word);
}

/**
 * The commands to register for these arguments (`process.argv` after the script): the one named
 * first; none for `-V`/`--version`; every one otherwise (help, a mistyped name: commander lists
 * them and suggests the nearest).
 */
export function commandsToLoad(args: readonly string[]): CommandName[] {
  const [first] = args;
  if (isCommandName(first)) return [first];
  if (first === '-V' || first === '--version') return [];
  return Object.keys(COMMAND_LOADERS).filter(isCommandName);
}
