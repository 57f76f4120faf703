import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The names LibreOffice's launcher has on PATH (Debian installs both). */
const LAUNCHERS = ['soffice', 'libreoffice'];

const found = new Map<string, string | undefined>();

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function searchPath(names: readonly string[], pathVariable: string): string | undefined {
  for (const directory of pathVariable.split(delimiter)) {
    if (directory === '') continue;
    for (const name of names) {
      const candidate = join(directory, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * Where LibreOffice's `soffice` is, or undefined when it is not installed: `configured` (the
 * plugin option, else `TRANSMUTE_SOFFICE`) as a path, or a name looked up on PATH; with neither,
 * `soffice` or `libreoffice` on PATH. The answer is cached per configuration and PATH, so the
 * file system is searched once per process.
 */
export function locateSoffice(configured = process.env['TRANSMUTE_SOFFICE']): string | undefined {
  const pathVariable = process.env['PATH'] ?? '';
  const key = `${configured ?? ''}\u0000${pathVariable}`;
  if (found.has(key)) return found.get(key);
  let location: string | undefined;
  if (configured === undefined || configured === '') location = searchPath(LAUNCHERS, pathVariable);
  else if (isAbsolute(configured) || configured.includes('/'))
    location = isExecutableFile(configured) ? configured : undefined;
  else location = searchPath([configured], pathVariable);
  found.set(key, location);
  return location;
}
