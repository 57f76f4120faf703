import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestChange } from './newest-change.js';

/** The repository root (this file is scripts/cli-under-test.ts). */
export const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What each package's build reads (its sources, manifest and build config), and where it writes. */
const BUILT_FROM = ['src', 'package.json', 'tsup.config.ts'];
const BUILD_DIR = 'dist';

/** Test files sit beside the sources but are not built: changing one leaves the build current. */
const isBuiltFrom = (name: string): boolean => !/\.test\.tsx?$/.test(name);

/** Oldest modification time of the files below `path`, or null when it holds none (or is missing). */
function oldestBuildFile(path: string): number | null {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return null;
  }
  let oldest: number | null = null;
  for (const entry of entries) {
    const child = join(path, entry.name);
    const time = entry.isDirectory() ? oldestBuildFile(child) : statSync(child).mtimeMs;
    if (time !== null) oldest = oldest === null ? time : Math.min(oldest, time);
  }
  return oldest;
}

/** The workspace packages `pnpm build` builds: every package and plugin with a `build` script. */
export function builtPackageDirs(root: string = REPOSITORY_ROOT): string[] {
  return ['packages', 'plugins']
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
    .filter((dir) => {
      try {
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
          scripts?: Record<string, string>;
        };
        return manifest.scripts?.['build'] !== undefined;
      } catch {
        return false;
      }
    });
}

/**
 * Whether `pnpm build`'s output is current: every built package has a build, and every file of it
 * is newer than the package's manifest, build config and every source file (test files aside). A
 * build is never trusted by halves: `tsup` empties a package's `dist` before it writes, so a build
 * in progress or one that failed reads as not current.
 */
export function builtWorkspaceIsCurrent(root: string = REPOSITORY_ROOT): boolean {
  return builtPackageDirs(root).every((dir) => {
    const built = oldestBuildFile(join(dir, BUILD_DIR));
    if (built === null) return false;
    const inputs = BUILT_FROM.map((name) => join(dir, name)).filter((path) => existsSync(path));
    return Math.max(0, ...inputs.map((path) => newestChange(path, isBuiltFrom))) <= built;
  });
}

/** The CLI from its sources through tsx, as `pnpm transmute` runs it (run from the repository root). */
export const SOURCE_CLI_ARGS: readonly string[] = [
  '--conditions=development',
  '--import',
  'tsx',
  join(REPOSITORY_ROOT, 'packages/cli/src/bin.ts'),
];

/** The built CLI, as an installed package runs it. */
export const BUILT_CLI_ARGS: readonly string[] = [join(REPOSITORY_ROOT, 'packages/cli/dist/bin.js')];

let chosen: readonly string[] | undefined;

/**
 * The node arguments that start the `transmute` CLI in tests: the built one when `pnpm build`'s
 * output is current (as `pnpm test` leaves it), else the sources through tsx. The built CLI starts
 * in a third of the CPU; the sources serve a tree edited since its last build.
 * `TRANSMUTE_TEST_CLI=source` or `=built` chooses without looking.
 */
export function cliNodeArgs(): readonly string[] {
  if (chosen !== undefined) return chosen;
  const asked = process.env['TRANSMUTE_TEST_CLI'];
  if (asked === 'source') chosen = SOURCE_CLI_ARGS;
  else if (asked === 'built') chosen = BUILT_CLI_ARGS;
  else chosen = builtWorkspaceIsCurrent() ? BUILT_CLI_ARGS : SOURCE_CLI_ARGS;
  return chosen;
}
