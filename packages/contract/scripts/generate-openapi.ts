/**
 * Writes the generated documents of the contract: openapi.json and openapi.yaml (the published v1
 * contract) and ERRORS.md, all from the operation table and the error catalogue.
 * Run: pnpm --filter @transmute/contract run generate
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderErrorsDocument } from '../src/render-errors-document.js';
import { renderOpenApi } from '../src/render-openapi.js';

const target = (name: string): string => fileURLToPath(new URL(`../${name}`, import.meta.url));
writeFileSync(target('openapi.json'), renderOpenApi('json'));
writeFileSync(target('openapi.yaml'), renderOpenApi('yaml'));
writeFileSync(target('ERRORS.md'), renderErrorsDocument());
console.log('wrote openapi.json, openapi.yaml and ERRORS.md');
