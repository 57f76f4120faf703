import type { Command } from 'commander';
import { addClientOptions, clientAction, type ClientFlags } from '../internal/client-command.js';
import { renderTable } from '../internal/print.js';

/** `transmute capabilities`: what the server can do (profiles and what each is for, plugins, media types, languages, surfaces). */
export function registerCapabilitiesCommand(program: Command): void {
  addClientOptions(
    program.command('capabilities').description('Show what the server can convert, and how'),
  ).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags) => {
      const capabilities = await client.getCapabilities({ signal });
      if (print.json) return print.record(capabilities);
      const { plugins, output_profile_descriptions: purposes, ...facts } = capabilities;
      print.record(facts);
      process.stdout.write('\n');
      const profiles = capabilities.output_profiles.map((profile) => [profile, purposes?.[profile] ?? '']);
      process.stdout.write(`${renderTable([['PROFILE', 'WHAT IT IS FOR'], ...profiles])}\n\n`);
      const rows = plugins.map((plugin) => [
        plugin.id,
        plugin.status,
        plugin.kind,
        plugin.surfaces.join(','),
      ]);
      process.stdout.write(`${renderTable([['PLUGIN', 'STATUS', 'KIND', 'SURFACES'], ...rows])}\n`);
    }),
  );
}
