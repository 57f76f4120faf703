/**
 * Regenerates the golden outputs of the text fixtures: for every `fixtures/text/<case>/input.*`
 * it runs the real engine (with the dataset renderer) in every profile × format and writes
 * `fixtures/text/<case>/expected/…`. Review the result as a diff before committing it.
 *
 * `node --conditions=development --import tsx scripts/regenerate-text-goldens.ts [case…]`
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createGoldenEngine,
  listGoldenCases,
  renderTextCase,
} from '../plugins/dataset/test/render-text-case.js';

const only = new Set(process.argv.slice(2));
const engine = createGoldenEngine();
try {
  for (const textCase of listGoldenCases()) {
    if (only.size > 0 && !only.has(textCase.name)) continue;
    const outputs = await renderTextCase(engine, textCase);
    const directory = join(textCase.directory, 'expected');
    rmSync(directory, { recursive: true, force: true });
    mkdirSync(directory, { recursive: true });
    for (const [name, content] of outputs) writeFileSync(join(directory, name), content);
    process.stdout.write(`${textCase.name}: ${readdirSync(directory).length} files\n`);
  }
} finally {
  await engine.close();
}
