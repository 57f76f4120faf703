import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OutputProfile } from '@transmute/contract';

const run = promisify(execFile);

/** The repository root: the command runs there, so the source path in outputs is relative. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The real fixture every profile example is made from (a 5 KB technical article). */
export const PROFILE_EXAMPLE_SOURCE = 'fixtures/text/markdown-article/input.md';

/** The shell command that makes a profile's example, as the profiles page prints it. */
export function profileExampleCommand(profile: OutputProfile): string {
  return `transmute convert ${PROFILE_EXAMPLE_SOURCE} --profile ${profile}`;
}

/**
 * Runs the CLI from the repository's sources (as `pnpm transmute` does) as
 * {@link profileExampleCommand} says and returns its markdown. Spawned, not imported, so the docs
 * package depends on no engine.
 */
export async function convertProfileExample(profile: OutputProfile): Promise<string> {
  const bin = fileURLToPath(new URL('../../cli/src/bin.ts', import.meta.url));
  const { stdout } = await run(
    process.execPath,
    [
      '--conditions=development',
      '--import',
      'tsx',
      bin,
      'convert',
      PROFILE_EXAMPLE_SOURCE,
      '--profile',
      profile,
      '--quiet',
    ],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}
