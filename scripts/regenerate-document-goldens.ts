/**
 * Regenerates the golden outputs of the document fixtures: for every readable case of
 * `plugins/documents/test/cases/document-cases.ts` it runs the real engine (documents source and
 * dataset renderer) in every profile × format and writes `fixtures/documents/<case>/expected/…`.
 * Make the inputs first (`fixtures/documents/generate.ts`); review the result as a diff.
 *
 * `node --conditions=development --import tsx scripts/regenerate-document-goldens.ts [case…]`
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGoldenEngine, renderTextCase } from '../plugins/dataset/test/render-text-case.js';
import { goldenCaseOf, READABLE_CASES } from '../plugins/documents/test/cases/golden-cases.js';
import { createDocumentsSource } from '../plugins/documents/src/index.js';

const engine = createGoldenEngine([createDocumentsSource()]);
try {
  const only = new Set(process.argv.slice(2));
  for (const documentCase of READABLE_CASES) {
    if (only.size > 0 && !only.has(documentCase.name)) continue;
    const goldenCase = goldenCaseOf(documentCase);
    const outputs = await renderTextCase(engine, goldenCase);
    const directory = join(goldenCase.directory, 'expected');
    rmSync(directory, { recursive: true, force: true });
    mkdirSync(directory, { recursive: true });
    for (const [name, content] of outputs) writeFileSync(join(directory, name), content);
    process.stdout.write(`${goldenCase.name}: ${String(readdirSync(directory).length)} files\n`);
  }
} finally {
  await engine.close();
}
