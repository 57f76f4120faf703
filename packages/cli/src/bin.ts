#!/usr/bin/env node
import { Command } from 'commander';
import { registerAccountsCommand } from './commands/accounts.js';
import { registerConvertCommand } from './commands/convert.js';
import { registerKeysCommand } from './commands/keys.js';
import { registerMcpCommand } from './commands/mcp.js';
import { registerOpenapiCommand } from './commands/openapi.js';
import { registerServeCommand } from './commands/serve.js';
import { registerWorkerCommand } from './commands/worker.js';

const program = new Command('transmute')
  .description('Transmute: content conversion engine and v1 API server')
  .showHelpAfterError();

// One registration line per command.
registerServeCommand(program);
registerWorkerCommand(program);
registerConvertCommand(program);
registerAccountsCommand(program);
registerKeysCommand(program);
registerOpenapiCommand(program);
registerMcpCommand(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`transmute: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
