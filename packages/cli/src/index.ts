export { registerServeCommand, startServer, type RunningServer, type LineWriter } from './commands/serve.js';
export { registerWorkerCommand, startWorker } from './commands/worker.js';
export { registerAccountsCommand } from './commands/accounts.js';
export { registerKeysCommand } from './commands/keys.js';
export { registerOpenapiCommand } from './commands/openapi.js';
export { registerMcpCommand } from './commands/mcp.js';
// The renderer lives with the document in the contract; the CLI keeps offering it.
export { renderOpenApi } from '@transmute/contract';
export { registerConvertCommand, runConvert } from './commands/convert.js';
// The extension table lives in the engine (attachments use it too); the CLI keeps offering it.
export { mediaTypeFromName } from '@transmute/engine';
export type { ConvertCommandOptions, ConvertIo } from './commands/convert.js';
export { loadPlugins, PLUGIN_PACKAGES, type LoadedPlugins } from './internal/load-plugins.js';
export { registerLoginCommand } from './commands/login.js';
export { registerJobsCommand } from './commands/jobs.js';
export { registerFilesCommand } from './commands/files.js';
export { registerOutputsCommand } from './commands/outputs.js';
export { registerWebhooksCommand } from './commands/webhooks.js';
export { registerUsageCommand } from './commands/usage.js';
export { registerCapabilitiesCommand } from './commands/capabilities.js';
export { EXIT_CODES, exitCodeOf, type ExitClass } from './internal/exit-codes.js';
export { SERVED_SURFACES } from './internal/surfaces.js';
