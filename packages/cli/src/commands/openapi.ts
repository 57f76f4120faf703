import type { Command } from 'commander';
import { renderOpenApi } from '@transmute/contract';

/**
 * `transmute openapi [--json]`: prints the machine-readable contract (version 1.3.0), exactly as the
 * committed `openapi.yaml` / `openapi.json` of `@transmute/contract` hold it.
 */
export function registerOpenapiCommand(program: Command): void {
  program
    .command('openapi')
    .description('Print the OpenAPI 3.1 document of the v1 API (YAML, or JSON with --json)')
    .option('--json', 'Print JSON instead of YAML')
    .action((flags: { json?: boolean }) => {
      process.stdout.write(renderOpenApi(flags.json === true ? 'json' : 'yaml'));
    });
}
