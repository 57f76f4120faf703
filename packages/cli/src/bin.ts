#!/usr/bin/env node
import { Command } from 'commander';
import { registerAccountsCommand } from './commands/accounts.js';
import { registerCapabilitiesCommand } from './commands/capabilities.js';
import { registerConvertCommand } from './commands/convert.js';
import { registerFilesCommand } from './commands/files.js';
import { registerJobsCommand } from './commands/jobs.js';
import { registerKeysCommand } from './commands/keys.js';
import { registerLoginCommand } from './commands/login.js';
import { registerMcpCommand } from './commands/mcp.js';
import { registerOpenapiCommand } from './commands/openapi.js';
import { registerOutputsCommand } from './commands/outputs.js';
import { registerServeCommand } from './commands/serve.js';
import { registerUsageCommand } from './commands/usage.js';
import { registerWebhooksCommand } from './commands/webhooks.js';
import { registerWorkerCommand } from './commands/worker.js';
import { reportFailure } from './internal/client-command.js';
import { exitCodeOf } from './internal/exit-codes.js';
import { CLI_VERSION } from './internal/version.js';

const program = new Command('transmute')
  .description('Transmute: content conversion engine, v1 API server, and a client of running servers')
  .version(CLI_VERSION, '-V, --version', 'print the version')
  .showHelpAfterError()
  // Usage mistakes exit 2 (EXIT_CODES.usage); commands inherit this before they are added.
  .exitOverride();

// One registration line per command.
registerServeCommand(program);
registerWorkerCommand(program);
registerConvertCommand(program);
registerAccountsCommand(program);
registerKeysCommand(program);
registerOpenapiCommand(program);
registerMcpCommand(program);
registerLoginCommand(program);
registerJobsCommand(program);
registerFilesCommand(program);
registerOutputsCommand(program);
registerWebhooksCommand(program);
registerUsageCommand(program);
registerCapabilitiesCommand(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  // commander has already printed its own usage message; anything else is reported here.
  if (!(error instanceof Error && error.name === 'CommanderError')) reportFailure(error);
  process.exit(exitCodeOf(error));
});
