import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SourceAdapter } from '@transmute/plugin-sdk';

const here = dirname(fileURLToPath(import.meta.url));
const REPOSITORY_ROOT = resolve(here, '../../..');
const PLUGIN_DIRECTORY = join(REPOSITORY_ROOT, 'plugins/webpage');

/**
 * The webpage extraction of the previous release, the baseline a change is compared with: the
 * commit before the fidelity work of issue 16's web-page leftovers (held-out F1 0.959 on this set).
 * Pinned here (not "main" or "HEAD~n") so the column means the same thing in every run; move it
 * forward when a release is cut.
 */
export const PREVIOUS_RELEASE_COMMIT = '3cde99c167d8c344c0cc0186b4e58a85b205b7d0';

/**
 * Where the previous release's `plugins/webpage/src` is unpacked: under the plugin's own
 * `node_modules/.cache`, so its imports (`@mozilla/readability`, `linkedom`, unified, the
 * `@transmute/plugin-sdk` workspace link) resolve to the plugin's installed packages, and no
 * linter, type check or test run ever sees the copy. A package only the old release imports stays
 * among the plugin's devDependencies for it (`rehype-remark`: today's plugin calls
 * hast-util-to-mdast itself).
 */
const COPY_DIRECTORY = join(
  PLUGIN_DIRECTORY,
  'node_modules/.cache/transmute-previous-release',
  PREVIOUS_RELEASE_COMMIT,
);

/**
 * Unpacks the previous release's webpage source from git (once per commit; `git archive` of
 * `plugins/webpage/src`) and returns its `createWebpageSource`. Only the plugin is the old one: the
 * engine, the plugin SDK and the dependencies are today's, so the column isolates what the
 * extraction itself changed.
 */
export async function loadPreviousWebpageSource(): Promise<() => SourceAdapter> {
  const entry = join(COPY_DIRECTORY, 'src/index.ts');
  if (!existsSync(entry)) unpack();
  const module = (await import(pathToFileURL(entry).href)) as { createWebpageSource: () => SourceAdapter };
  return () => module.createWebpageSource();
}

function unpack(): void {
  const staging = `${COPY_DIRECTORY}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const archive = execFileSync(
    'git',
    ['-C', REPOSITORY_ROOT, 'archive', '--format=tar', PREVIOUS_RELEASE_COMMIT, 'plugins/webpage/src'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', staging, '--strip-components=2'], { input: archive });
  rmSync(COPY_DIRECTORY, { recursive: true, force: true });
  renameSync(staging, COPY_DIRECTORY);
}
