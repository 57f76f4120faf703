import { Option, type Command } from 'commander';
import { createClient } from '@transmute/client';
import { reportFailure } from '../internal/client-command.js';
import { configPath, resolveConnection, writeConfig } from '../internal/connection.js';
import { UsageError } from '../internal/exit-codes.js';
import { readLoginKey } from '../internal/read-login-key.js';

/** How to pass the key instead of `--api-key` (which would leave it in shell history, `ps` and CI logs). */
export const LOGIN_KEY_WAYS =
  'type it at the hidden prompt, pipe it (`printenv KEY | transmute login --api-key-stdin`), or set TRANSMUTE_API_KEY';

interface LoginFlags {
  baseUrl?: string;
  apiKey?: string;
  apiKeyStdin?: boolean;
}

/**
 * `transmute login`: reads the API key from a hidden prompt, stdin or `TRANSMUTE_API_KEY` (never
 * from the command line), checks it with one authenticated request, then stores the address and
 * key in the config file (mode 0600) the client commands fall back to.
 */
export function registerLoginCommand(program: Command): void {
  program
    .command('login')
    .description(`Check and save --base-url and an API key to ${configPath()} (mode 0600)`)
    .option('--base-url <url>', 'server address (else TRANSMUTE_BASE_URL)')
    .option('--api-key-stdin', 'read the API key from stdin (also when stdin is piped)')
    // Declared only to refuse it with a way that works: a key in argv is already leaked.
    .addOption(new Option('--api-key <key>').hideHelp())
    .action(async (flags: LoginFlags) => {
      try {
        if (flags.apiKey !== undefined)
          throw new UsageError(
            `transmute login does not take --api-key: a key on the command line ends up in shell history, \`ps\` and CI logs. Instead ${LOGIN_KEY_WAYS}.`,
          );
        const apiKey = await readLoginKey({
          fromStdin: flags.apiKeyStdin === true,
          env: process.env,
          stdin: process.stdin,
          stderr: process.stderr,
        });
        const connection = await resolveConnection({ ...flags, apiKey });
        const usage = await createClient(connection).getUsage();
        const path = configPath();
        await writeConfig(connection, path);
        process.stderr.write(`Logged in to ${connection.baseUrl} (plan ${usage.plan}); saved to ${path}.\n`);
      } catch (error) {
        reportFailure(error);
      }
    });
}
