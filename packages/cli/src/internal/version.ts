import { readFileSync } from 'node:fs';

/**
 * The CLI's version, from its package.json: one directory up from the bundled `dist/*.js`, two
 * from this source file.
 */
function readVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@transmute/cli' && manifest.version !== undefined) return manifest.version;
    } catch {
      // not this one
    }
  }
  throw new Error('The @transmute/cli package.json was not found next to the CLI.');
}

/** The CLI's version (`transmute --version`, the `User-Agent` of its requests). */
export const CLI_VERSION = readVersion();
