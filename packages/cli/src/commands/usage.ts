import type { Command } from 'commander';
import { addClientOptions, clientAction, type ClientFlags } from '../internal/client-command.js';
import { renderTable } from '../internal/print.js';

/** `transmute usage`: this period's usage, costs and limits of the account. */
export function registerUsageCommand(program: Command): void {
  addClientOptions(
    program.command('usage').description("Show the account's usage, costs and limits this period"),
  ).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags) => {
      const usage = await client.getUsage({ signal });
      if (print.json) return print.record(usage);
      const { units, costs, limits, ...facts } = usage;
      print.record(facts);
      process.stdout.write('\n');
      const rows = units.map((line) =>
        [line.unit, line.estimated, line.pending, line.finalized, line.credited, line.billable].map(String),
      );
      process.stdout.write(
        `${renderTable([['UNIT', 'ESTIMATED', 'PENDING', 'FINALIZED', 'CREDITED', 'BILLABLE'], ...rows])}\n\n`,
      );
      print.record({
        ...costs,
        ...Object.fromEntries(Object.entries(limits).map(([key, value]) => [`limit_${key}`, value])),
      });
    }),
  );
}
