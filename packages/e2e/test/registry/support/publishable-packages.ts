import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WorkspacePackage {
  name: string;
  dir: string;
  manifest: Record<string, unknown>;
}

/** Every workspace package that is not private, as pnpm lists them (new packages are included). */
export function publishablePackages(root: string): WorkspacePackage[] {
  const listed = JSON.parse(
    execFileSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' }),
  ) as { name?: string; path: string; private?: boolean }[];
  return listed
    .filter((entry) => entry.private !== true && entry.name !== undefined)
    .map((entry) => ({
      name: entry.name ?? '',
      dir: entry.path,
      manifest: JSON.parse(readFileSync(join(entry.path, 'package.json'), 'utf8')) as Record<string, unknown>,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
