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
 * Removes a render's directory. Most often the blob store has taken its files already (`putFile`'s
 * `giveUp`), so the directory is removed alone: one call. When it is not empty, the files the
 * render reported in it are unlinked by name and it is removed again; only when that fails too (a
 * plugin left other files, say) is it removed recursively (lstat, a failing rmdir, opendir,
 * getdents, close, lstat, unlink, rmdir).
 */
export async function removeRenderDir(dir: string, files: readonly string[]): Promise<void> {
  try {
    await rmdir(dir);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    // EEXIST: what some systems answer for a directory not empty.
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') {
      await rm(dir, { recursive: true, force: true });
      return;
    }
  }
  const own = resolve(dir);
  try {
    for (const file of files) if (resolve(dirname(file)) === own) await unlink(file);
    await rmdir(dir);
  } catch {
    await rm(dir, { recursive: true, force: true });
  }
}
