import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSOLE_DIST_DIR } from '../packages/console/src/index.js';
import { newestChange } from './newest-change.js';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../packages/console');
// The bundle holds the client and the contract too: a change to either is a change to the console.
const SOURCES = [
  join(PACKAGE_DIR, 'src/web'),
  join(PACKAGE_DIR, 'vite.config.ts'),
  join(PACKAGE_DIR, '../client/src'),
  join(PACKAGE_DIR, '../contract/src'),
];

function builtAt(): number | null {
  try {
    return statSync(join(CONSOLE_DIST_DIR, 'index.html')).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Builds the web console (`vite build`) unless a build newer than its sources is there: tests that
 * serve the console run on a clean clone without `pnpm build` too (vitest globalSetup calls this).
 */
export function ensureConsoleBuilt(): void {
  const built = builtAt();
  if (built !== null && SOURCES.every((source) => newestChange(source) <= built)) return;
  const vitePackage = createRequire(join(PACKAGE_DIR, 'package.json')).resolve('vite/package.json');
  const vite = join(dirname(vitePackage), 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: PACKAGE_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`vite build of the console exited ${String(result.status)}`);
}
