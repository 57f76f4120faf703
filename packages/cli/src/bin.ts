#!/usr/bin/env node
import { enableCompileCache } from 'node:module';
import { Command, CommanderError } from 'commander';
import { COMMAND_LOADERS, commandsToLoad } from './internal/command-loaders.js';
import { exitOnBrokenPipe } from './internal/exit-on-broken-pipe.js';
import { CLI_VERSION } from './internal/version.js';

const program = new Command('transmute')
  .description('Transmute: content conversion engine, v1 API server, and a client of running servers')
  .version(CLI_VERSION, '-V, --version', 'print the version')
  .showHelpAfterError()
  // Usage mistakes exit 2 (EXIT_CODES.usage); commands inherit this before they are added.
  .exitOverride();

exitOnBrokenPipe(process.stdout);
// V8 keeps the compiled code of the modules a command imports in the OS temporary directory
// (node-compile-cache), so the next start compiles none of them again: ~10% of a small convert's
// CPU. Off with NODE_DISABLE_COMPILE_CACHE=1; an unwritable directory just leaves it off.
enableCompileCache();

async function main(): Promise<void> {
  // Only the command being run is imported (with the engine, the service or the client it needs),
  // so `--version` and a small `convert` never load the rest.
  const names = commandsToLoad(process.argv.slice(2));
  const registers = await Promise.all(names.map((name) => COMMAND_LOADERS[name]()));
  for (const register of registers) register(program);
  await program.parseAsync(process.argv);
}

main().catch(async (error: unknown) => {
  // --version and --help end here too; nothing more to load for them.
  if (error instanceof CommanderError && error.exitCode === 0) process.exit(0);
  const { exitCodeOf } = await import('./internal/exit-codes.js');
  // commander has already printed its own usage message; anything else is reported here.
  if (!(error instanceof Error && error.name === 'CommanderError')) {
    const { reportFailure } = await import('./internal/client-command.js');
    reportFailure(error);
  }
  process.exit(exitCodeOf(error));
});
