/**
 * `pnpm --filter @transmute/docs run profile-examples`: runs the CLI from the sources (`transmute convert`,
 * in-process engine) on one real fixture once per output profile and writes each markdown output
 * to `docs/profile-examples/<profile>.md`, which the profiles page shows. A test
 * (packages/e2e/test/docs/profile-examples.test.ts) runs the same and fails on any drift.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OUTPUT_PROFILES } from '@transmute/contract';
import { PROFILE_EXAMPLES_DIRECTORY } from '../src/profile-examples-directory.js';
import { convertProfileExample, PROFILE_EXAMPLE_SOURCE } from '../src/profile-example-command.js';

for (const profile of OUTPUT_PROFILES) {
  const markdown = await convertProfileExample(profile);
  await writeFile(join(PROFILE_EXAMPLES_DIRECTORY, `${profile}.md`), markdown);
  console.log(`${profile}: ${String(markdown.split('\n').length)} lines from ${PROFILE_EXAMPLE_SOURCE}`);
}
