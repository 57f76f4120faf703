import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtWorkspaceIsCurrent } from '../../../../../scripts/cli-under-test.js';
import { runCommand } from './run-command.js';
import type { WorkspacePackage } from './publishable-packages.js';

export interface PackedPackage {
  name: string;
  tarball: string;
  /** Paths inside the tarball, relative to its package root. */
  files: string[];
  /** The package.json in the tarball: what the registry serves. */
  manifest: Record<string, unknown>;
}

function filters(packages: readonly WorkspacePackage[]): string[] {
  return packages.flatMap((pkg) => ['--filter', pkg.name]);
}

/**
 * Builds each package's dist (`tsup`, which every package's build runs; the console's browser app
 * is built by vitest's global setup) so that the tarballs hold what the sources say today; nothing
 * to do when the workspace's build is already current (`pnpm test` builds before the tests).
 */
export async function buildPackages(root: string, packages: readonly WorkspacePackage[]): Promise<void> {
  if (builtWorkspaceIsCurrent(root)) return;
  await runCommand('pnpm', ['-r', ...filters(packages), 'exec', 'tsup', '--silent'], {
    cwd: root,
    timeoutMs: 900_000,
  });
}

/** `pnpm pack` of each package into `destination` (workspace: and catalog: ranges replaced by pnpm). */
export async function packPackages(
  root: string,
  packages: readonly WorkspacePackage[],
  destination: string,
): Promise<PackedPackage[]> {
  const output = await runCommand(
    'pnpm',
    ['-r', ...filters(packages), 'pack', '--pack-destination', destination, '--json'],
    { cwd: root },
  );
  const listed = JSON.parse(output.slice(output.indexOf('['))) as {
    name: string;
    filename: string;
    files: { path: string }[];
  }[];
  return Promise.all(
    listed.map(async (entry) => {
      const unpacked = join(destination, 'unpacked', entry.name);
      mkdirSync(unpacked, { recursive: true });
      await runCommand('tar', ['-xzf', entry.filename, '-C', unpacked, 'package/package.json'], {
        cwd: destination,
      });
      return {
        name: entry.name,
        tarball: entry.filename,
        files: entry.files.map((file) => file.path),
        manifest: JSON.parse(readFileSync(join(unpacked, 'package/package.json'), 'utf8')) as Record<
          string,
          unknown
        >,
      };
    }),
  );
}
