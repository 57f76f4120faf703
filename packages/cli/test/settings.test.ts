import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveSettings, SETTINGS } from '../src/internal/settings.js';

describe('resolveSettings', () => {
  it('uses defaults when nothing is given', () => {
    const settings = resolveSettings({}, {});
    expect(settings).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      worker: true,
      rateLimit: true,
      jwtAccountClaim: 'sub',
    });
    expect(settings.dataDir).toMatch(/\.transmute-data$/);
    expect(settings.baseUrl).toBeUndefined();
  });

  it('prefers flags over TRANSMUTE_* variables over defaults', () => {
    const env = {
      TRANSMUTE_PORT: '9000',
      TRANSMUTE_HOST: '0.0.0.0',
      TRANSMUTE_WORKER: 'false',
      TRANSMUTE_RATE_LIMIT: 'off',
    };
    expect(resolveSettings({}, env)).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      worker: false,
      rateLimit: false,
    });
    expect(resolveSettings({ port: '7000', worker: false }, { TRANSMUTE_PORT: '9000' })).toMatchObject({
      port: 7000,
      worker: false,
    });
    expect(resolveSettings({ allowPrivateNetworks: true }, {}).allowPrivateNetworks).toBe(true);
  });

  it('rejects values of the wrong kind', () => {
    expect(() => resolveSettings({}, { TRANSMUTE_PORT: 'eighty' })).toThrow(/TRANSMUTE_PORT/);
    expect(() => resolveSettings({}, { TRANSMUTE_WORKER: 'maybe' })).toThrow(/true or false/);
  });
});

describe('README configuration', () => {
  const docs = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const documented = new Set(docs.match(/TRANSMUTE_[A-Z_]+[A-Z]/g) ?? []);

  /**
   * The source files under a directory, relative to it. node_modules is never entered: a recursive
   * readdir would walk every workspace package again through each dependant's links.
   */
  function sourceFiles(directory: string, prefix = ''): string[] {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === 'node_modules' || entry.name === 'dist') return [];
      const path = `${prefix}${entry.name}`;
      if (entry.isDirectory()) return sourceFiles(join(directory, entry.name), `${path}/`);
      return entry.isFile() ? [path] : [];
    });
  }

  /** A source file of a package (`<package>/src/…ts`) or an install script (`scripts/…sh`), tests left out. */
  const isSource = (group: string, file: string): boolean =>
    !/\.test\.ts$/.test(file) && (group === 'scripts' ? /\.sh$/.test(file) : /\/src\/.*\.ts$/.test(file));

  /** Every TRANSMUTE_* name the sources of the workspace and its install scripts read. */
  function variablesInSources(): Set<string> {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const names = new Set<string>();
    for (const group of ['packages', 'plugins', 'scripts']) {
      for (const file of sourceFiles(join(root, group))) {
        if (!isSource(group, file)) continue;
        for (const name of readFileSync(join(root, group, file), 'utf8').match(/TRANSMUTE_[A-Z_]+[A-Z]/g) ??
          []) {
          names.add(name);
        }
      }
    }
    return names;
  }

  it('documents every setting of the CLI', () => {
    const missing = SETTINGS.map((setting) => setting.env).filter((env) => !documented.has(env));
    expect(missing).toEqual([]);
  });

  it('documents only variables that some source reads', () => {
    const read = variablesInSources();
    expect([...documented].filter((name) => !read.has(name))).toEqual([]);
  });
});
