/**
 * Writes the typed models of the Python client, `packages/client-python/transmute/_models.py`, from
 * the contract's OpenAPI document. `scripts/python-models/render-python-models.test.ts` fails when
 * the committed file differs from a fresh generation.
 *
 * `node --conditions=development --import tsx scripts/generate-python-models.ts`
 */
import { writeFileSync } from 'node:fs';
import { PYTHON_MODELS_PATH, renderPythonModels } from './python-models/render-python-models.js';

writeFileSync(PYTHON_MODELS_PATH, renderPythonModels());
console.log(`wrote ${PYTHON_MODELS_PATH}`);
