import { stringify } from 'yaml';
import { buildOpenApiDocument } from './build-openapi-document.js';

/**
 * The OpenAPI document as the committed `openapi.json` / `openapi.yaml` hold it and
 * `transmute openapi` prints it: JSON with two-space indent, or plain YAML (no anchors, no folding).
 */
export function renderOpenApi(format: 'json' | 'yaml'): string {
  const document = buildOpenApiDocument();
  // aliasDuplicateObjects off: plain YAML without anchors, readable by every tool.
  return format === 'json'
    ? `${JSON.stringify(document, null, 2)}\n`
    : stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}
