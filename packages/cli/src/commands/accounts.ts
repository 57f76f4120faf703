import { Option, type Command } from 'commander';
import { isTransmuteError, type AccountStatus, type Plan } from '@transmute/contract';
import { openAdmin } from '../internal/open-runtime.js';
import { addSettingOptions } from '../internal/setting-options.js';
import { resolveSettings } from '../internal/settings.js';

const PLAN_NAMES: readonly Plan[] = ['free', 'developer', 'team', 'enterprise', 'metered_beta'];

/** Writes one line to stdout. */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The status commands: what each sets and what it does to the account's API access (CONTRACT §3). */
const STATUS_COMMANDS: readonly { name: string; status: AccountStatus; description: string }[] = [
  {
    name: 'suspend',
    status: 'suspended',
    description: 'Suspend an account: changes answer 403 account_suspended, reads still work',
  },
  { name: 'activate', status: 'active', description: 'Make an account active again' },
  {
    name: 'cancel',
    status: 'canceled',
    description: 'Cancel an account: changes answer 403 account_suspended, reads still work',
  },
];

/**
 * `transmute accounts create|list|suspend|activate|cancel`: operator commands over the same
 * database as `serve` (they work while it runs; a status change takes effect on the next request
 * and emits `billing.account_updated`).
 */
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

  for (const command of STATUS_COMMANDS) {
    const statusCommand = accounts
      .command(command.name)
      .description(command.description)
      .argument('<account_id>', 'The account')
      .option('--json', 'Print {"account_id", "plan", "status"} as JSON');
    addSettingOptions(statusCommand, ['dataDir', 'databaseUrl']);
    statusCommand.action(async (accountId: string, flags: Record<string, unknown> & { json?: boolean }) => {
      const { admin, close } = await openAdmin(resolveSettings(flags));
      try {
        const account = await admin.setAccountStatus(accountId, command.status).catch((error: unknown) => {
          if (isTransmuteError(error) && error.code === 'not_found')
            throw new Error(`Unknown account ${accountId}.`);
          throw error;
        });
        if (flags.json === true)
          print(JSON.stringify({ account_id: account.id, plan: account.plan, status: account.status }));
        else print(`Account ${account.id} is ${account.status}.`);
      } finally {
        await close();
      }
    });
  }
}
