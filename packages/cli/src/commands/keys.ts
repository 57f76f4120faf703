import type { Command } from 'commander';
import { openAdmin } from '../internal/open-runtime.js';
import { addSettingOptions } from '../internal/setting-options.js';
import { resolveSettings } from '../internal/settings.js';

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** `transmute keys create|revoke`: API keys of an account (stored only as SHA-256 hashes). */
export function registerKeysCommand(program: Command): void {
  const keys = program.command('keys').description('Manage API keys (operator)');
  const create = keys
    .command('create')
    .description('Create another API key for an account (printed once)')
    .requiredOption('--account <account_id>', 'The account')
    .option('--json', 'Print {"account_id", "key_id", "api_key"} as JSON');
  addSettingOptions(create, ['dataDir', 'databaseUrl']);
  create.action(async (flags: Record<string, unknown> & { account: string; json?: boolean }) => {
    const { admin, close } = await openAdmin(resolveSettings(flags));
    try {
      if ((await admin.getAccount(flags.account)) === null)
        throw new Error(`Unknown account ${flags.account}.`);
      const { keyId, apiKey } = await admin.createApiKey(flags.account);
      if (flags.json === true)
        print(JSON.stringify({ account_id: flags.account, key_id: keyId, api_key: apiKey }));
      else print(`Created key ${keyId} for ${flags.account}.\nAPI key (shown only once): ${apiKey}`);
    } finally {
      await close();
    }
  });

  const revoke = keys
    .command('revoke')
    .description('Revoke an API key, given its id (key_…) or the key itself (tmk_…)')
    .argument('<key>', 'key id or API key')
    .option('--json', 'Print {"revoked": true|false} as JSON');
  addSettingOptions(revoke, ['dataDir', 'databaseUrl']);
  revoke.action(async (key: string, flags: Record<string, unknown> & { json?: boolean }) => {
    const { admin, close } = await openAdmin(resolveSettings(flags));
    try {
      const revoked = await admin.revokeApiKey(key);
      if (flags.json === true) print(JSON.stringify({ revoked }));
      else print(revoked ? 'Revoked.' : 'No active key matched.');
      if (!revoked) process.exitCode = 1;
    } finally {
      await close();
    }
  });
}
