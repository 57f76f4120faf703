import type { Command } from 'commander';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from '@transmute/contract';

/** The OpenAPI 3.1 document of the v1 API as YAML (default) or JSON. */
export function renderOpenApi(format: 'yaml' | 'json'): string {
  const document = buildOpenApiDocument();
  return format === 'json'
    ? `${JSON.stringify(document, null, 2)}\n`
    : stringify(document, { aliasDuplicateObjects: false });
}

/** `transmute openapi [--json]`: prints the machine-readable contract (version 1.3.0). */
export function registerOpenapiCommand(program: Command): void {
  program
    .command('openapi')
    .description('Print the OpenAPI 3.1 document of the v1 API (YAML, or JSON with --json)')
    .option('--json', 'Print JSON instead of YAML')
    .action((flags: { json?: boolean }) => {
      process.stdout.write(renderOpenApi(flags.json === true ? 'json' : 'yaml'));
    });
}
