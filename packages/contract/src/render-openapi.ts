import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { buildOpenApiDocument } from './build-openapi-document.js';

/**
 * The OpenAPI document as the committed `openapi.json` / `openapi.yaml` hold it and
 * `transmute openapi` prints it: JSON with two-space indent, or plain YAML (no anchors, no folding).
 */
export function renderOpenApi(format: 'json' | 'yaml'): string {
  const document = buildOpenApiDocument();
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  // Required here, not imported: every importer of the contract (the CLI's convert) would load yaml's 70 modules.
  const { stringify } = createRequire(import.meta.url)('yaml') as typeof Yaml;
  // aliasDuplicateObjects off: plain YAML without anchors, readable by every tool.
  return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}
