/**
 * The profiles page's examples are real: each `docs/profile-examples/<profile>.md` is what
 * `transmute convert` makes of the fixture today (the CLI from the sources). On a drift,
 * run `node --conditions=development --import tsx packages/docs/scripts/write-profile-examples.ts`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTPUT_PROFILES } from '@transmute/contract';
import { convertProfileExample, PROFILE_EXAMPLES_DIRECTORY } from '@transmute/docs';

describe('the profiles page examples', { timeout: 120_000 }, () => {
  it.each(OUTPUT_PROFILES)('%s is the output transmute convert makes today', async (profile) => {
    const committed = await readFile(join(PROFILE_EXAMPLES_DIRECTORY, `${profile}.md`), 'utf8');
    expect(await convertProfileExample(profile)).toBe(committed);
  });
});
