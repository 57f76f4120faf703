import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The path of an executable on `PATH` (no shell, no `which`), or undefined. Plugins that wrap a
 * native tool (ffmpeg, tesseract) use it to decide whether the tool is there before running it.
 *
 * @example
 * const tesseract = findExecutable('tesseract'); // '/usr/bin/tesseract' or undefined
 */
export function findExecutable(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}
