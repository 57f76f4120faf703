// Regenerates fixtures/webpage/*/expected.{md,json} from the current converter; review the diff.
// Run: node --conditions=development --import tsx plugins/webpage/test/update-goldens.ts
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { convertHtml } from '../src/convert-html.js';
import { decodeHtml } from '../src/internal/decode-html.js';
import { listFixtures, toMarkdown } from './golden.js';

for (const fixture of await listFixtures()) {
  const html = decodeHtml(await readFile(fixture.input));
  const result = await convertHtml(html, { url: fixture.url });
  await writeFile(join(fixture.dir, 'expected.md'), toMarkdown(result.root));
  const expected = {
    metadata: result.metadata,
    warnings: result.warnings,
    mainContentFound: result.mainContentFound,
  };
  await writeFile(join(fixture.dir, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
  console.log(fixture.name, result.quality);
}
