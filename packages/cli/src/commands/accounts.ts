import { Option, type Command } from 'commander';
import type { Plan } from '@transmute/contract';
import { openAdmin } from '../internal/open-runtime.js';
import { addSettingOptions } from '../internal/setting-options.js';
import { resolveSettings } from '../internal/settings.js';

const PLAN_NAMES: readonly Plan[] = ['free', 'developer', 'team', 'enterprise', 'metered_beta'];

/** Writes one line to stdout. */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** `transmute accounts create|list`: operator commands over the same database as `serve`. */
export function registerAccountsCommand(program: Command): void {
  const accounts = program.command('accounts').description('Manage accounts (operator)');
  const create = accounts
    .command('create')
    .description('Create an account and its first API key (printed once)')
    .addOption(new Option('--plan <plan>', 'Plan of the account').choices(PLAN_NAMES).default('developer'))
    .option('--json', 'Print {"account_id", "api_key"} as JSON');
  addSettingOptions(create, ['dataDir', 'databaseUrl']);
  create.action(async (flags: Record<string, unknown> & { plan: Plan; json?: boolean }) => {
    const { admin, close } = await openAdmin(resolveSettings(flags));
    try {
      const { account, apiKey } = await admin.createAccount({ plan: flags.plan });
      if (flags.json === true) print(JSON.stringify({ account_id: account.id, api_key: apiKey }));
      else
        print(`Created account ${account.id} (plan ${account.plan}).\nAPI key (shown only once): ${apiKey}`);
    } finally {
      await close();
    }
  });

  const list = accounts.command('list').description('List accounts').option('--json', 'Print JSON');
  addSettingOptions(list, ['dataDir', 'databaseUrl']);
  list.action(async (flags: Record<string, unknown> & { json?: boolean }) => {
    const { admin, close } = await openAdmin(resolveSettings(flags));
    try {
      const all = await admin.listAccounts();
      if (flags.json === true)
        print(
          JSON.stringify(
            all.map((a) => ({ account_id: a.id, plan: a.plan, status: a.status, created_at: a.createdAt })),
          ),
        );
      else for (const a of all) print(`${a.id}\t${a.plan}\t${a.status}\t${a.createdAt}`);
    } finally {
      await close();
    }
  });
}
