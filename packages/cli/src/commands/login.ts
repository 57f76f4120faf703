import type { Command } from 'commander';
import { createClient } from '@transmute/client';
import { reportFailure, type ClientFlags } from '../internal/client-command.js';
import { configPath, resolveConnection, writeConfig } from '../internal/connection.js';

/**
 * `transmute login`: checks the server address and API key (one authenticated request), then
 * stores them in the config file (mode 0600) the client commands fall back to.
 */
export function registerLoginCommand(program: Command): void {
  program
    .command('login')
    .description(`Check and save --base-url and --api-key to ${configPath()} (mode 0600)`)
    .option('--base-url <url>', 'server address (else TRANSMUTE_BASE_URL)')
    .option('--api-key <key>', 'API key (else TRANSMUTE_API_KEY)')
    .action(async (flags: ClientFlags) => {
      try {
        const connection = await resolveConnection(flags);
        const usage = await createClient(connection).getUsage();
        const path = configPath();
        await writeConfig(connection, path);
        process.stderr.write(`Logged in to ${connection.baseUrl} (plan ${usage.plan}); saved to ${path}.\n`);
      } catch (error) {
        reportFailure(error);
      }
    });
}
