/**
 * Writes openapi.json and openapi.yaml (the published v1 contract) from buildOpenApiDocument().
 * Run: pnpm --filter @transmute/contract run generate
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from '../src/build-openapi-document.js';

const document = buildOpenApiDocument();
const json = fileURLToPath(new URL('../openapi.json', import.meta.url));
const yaml = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
writeFileSync(json, `${JSON.stringify(document, null, 2)}\n`);
// aliasDuplicateObjects off: plain YAML without anchors, readable by every tool.
writeFileSync(yaml, stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }));
console.log(`wrote ${json} and ${yaml}`);
