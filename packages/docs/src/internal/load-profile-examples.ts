import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OUTPUT_PROFILES, type OutputProfile } from '@transmute/contract';

/** Each profile's real example output (`<profile>.md` of the directory); absent files are left out. */
export async function loadProfileExamples(
  directory: string,
): Promise<Partial<Record<OutputProfile, string>>> {
  const examples: Partial<Record<OutputProfile, string>> = {};
  for (const profile of OUTPUT_PROFILES) {
    try {
      examples[profile] = await readFile(join(directory, `${profile}.md`), 'utf8');
    } catch (error) {
      // A package installed without the repository has no examples: the page says what each profile is.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return examples;
}
