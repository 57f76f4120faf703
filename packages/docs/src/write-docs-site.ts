import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DocsSite } from './build-docs-site.js';

/**
 * Writes the site as static files under `directory` (emptied first), for hosting elsewhere
 * (`pnpm docs:build` writes `docs-site/`).
 */
export async function writeDocsSite(site: DocsSite, directory: string): Promise<void> {
  await rm(directory, { recursive: true, force: true });
  for (const [path, file] of site) {
    const target = join(directory, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.body);
  }
}
