import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private scratch directory under `parent` (or the OS temp dir), removed by `dispose()`. */
export interface ScratchDir {
  path: string;
  dispose(): Promise<void>;
}

/** Creates a fresh scratch directory. */
export async function createScratchDir(parent?: string): Promise<ScratchDir> {
  const path = await mkdtemp(join(parent ?? tmpdir(), 'transmute-'));
  return {
    path,
    dispose: () => rm(path, { recursive: true, force: true }),
  };
}
