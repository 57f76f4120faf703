import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Newest modification time of a file, or of the files below a directory that `counts` keeps (by
 * name; 0 when there are none): whether a build is older than what it is built from.
 */
export function newestChange(path: string, counts: (name: string) => boolean = () => true): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestChange(child, counts));
    else if (counts(entry.name)) newest = Math.max(newest, statSync(child).mtimeMs);
  }
  return newest;
}
