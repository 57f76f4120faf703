import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private scratch directory under `parent` (or the OS temp dir), removed by `dispose()`. */
export interface ScratchDir {
  /** The directory, made on first read: most runs never write a scratch file. */
  readonly path: string;
  dispose(): Promise<void>;
}

/**
 * A scratch directory made when its path is first read (one synchronous mkdtemp), so a run that
 * writes no scratch file makes and removes none; about 0.3 ms of a small file's conversion was
 * making and removing two directories no plugin used.
 */
export function createScratchDir(parent?: string): ScratchDir {
  let path: string | undefined;
  return {
    get path() {
      return (path ??= mkdtempSync(join(parent ?? tmpdir(), 'transmute-')));
    },
    dispose: async () => {
      if (path !== undefined) await rm(path, { recursive: true, force: true });
    },
  };
}
