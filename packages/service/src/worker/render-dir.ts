import { mkdtemp, rm, rmdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * Where render directories are made: the OS temp directory, read once. `os.tmpdir()` reads three
 * environment variables, each read a native call with five system calls (the process's ids and
 * capabilities), 15 a render when none is set.
 */
let renderParent: string | undefined;

/** A private directory an output renders into (removed with {@link removeRenderDir}). */
export function makeRenderDir(): Promise<string> {
  return mkdtemp(join((renderParent ??= tmpdir()), 'transmute-render-'));
}

/**
 * Removes a render's directory: the files the render reported in it are unlinked by name, then
 * the directory itself. Only when that fails (a plugin left other files, say) is the directory
 * removed recursively. A tiny job's render makes one file: 2 calls instead of a recursive
 * removal's 8 (lstat, a failing rmdir, opendir, getdents, close, lstat, unlink, rmdir).
 */
export async function removeRenderDir(dir: string, files: readonly string[]): Promise<void> {
  const own = resolve(dir);
  try {
    for (const file of files) if (resolve(dirname(file)) === own) await unlink(file);
    await rmdir(dir);
  } catch {
    await rm(dir, { recursive: true, force: true });
  }
}
