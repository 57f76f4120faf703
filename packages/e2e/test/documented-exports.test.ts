/**
 * Every published package documents its public API in its README: a `## Public API` section with one
 * `### \`specifier\`` subsection per entry point of its package.json `exports`, and in it one
 * `- \`name\` …` item per runtime export. Types are public API too but invisible at run time, so they
 * go in a plain paragraph (`Types: \`EngineOptions\`, …`) that this check ignores. The test imports each
 * entry point and fails when what it exports and what its README lists differ, in either direction:
 * the README is the one place the list is written (no per-package exports test keeps a copy).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');

type ExportTarget = string | { development?: string; import?: string; default?: string };

interface PackageJson {
  name: string;
  private?: boolean;
  exports?: Record<string, ExportTarget>;
}

interface PublishedPackage {
  directory: string;
  manifest: PackageJson;
}

/** One entry point: its import specifier and the file it resolves to in development (the sources). */
interface EntryPoint {
  specifier: string;
  file: string;
}

/** What differs between a README's list and the real exports; both empty when they agree. */
interface ExportsDifference {
  /** Entry points or `specifier: name` pairs the package has and the README does not list. */
  undocumented: string[];
  /** Entry points or `specifier: name` pairs the README lists and the package does not have. */
  missing: string[];
}

/** The workspace's package folders, from the `dir/*` globs of pnpm-workspace.yaml (the one list of them). */
async function listPackageDirectories(): Promise<string[]> {
  const workspace = await readFile(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = /^packages:\n((?:[ \t]+-.*\n?)+)/m.exec(workspace)?.[1] ?? '';
  const directories: string[] = [];
  for (const [, pattern] of list.matchAll(/^[ \t]+-[ \t]*['"]?([^'"\n]+?)['"]?[ \t]*$/gm)) {
    if (pattern === undefined || pattern.startsWith('!')) continue;
    if (!pattern.endsWith('/*')) {
      directories.push(join(root, pattern));
      continue;
    }
    const parent = join(root, pattern.slice(0, -2));
    for (const entry of await readdir(parent, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules') directories.push(join(parent, entry.name));
    }
  }
  return directories;
}

async function listPublishedPackages(): Promise<PublishedPackage[]> {
  const found: PublishedPackage[] = [];
  for (const directory of await listPackageDirectories()) {
    // a folder without a package.json (left over from a branch switch) is no package
    const text = await readFile(join(directory, 'package.json'), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const manifest = JSON.parse(text) as PackageJson;
    if (manifest.private !== true) found.push({ directory, manifest });
  }
  return found;
}

/**
 * The README's `## Public API` section, as runtime export names per entry-point specifier. Lines in
 * fenced code blocks, nested list items and paragraphs (the `Types:` line) are not entries; a list
 * item before the first `###` heading is an error rather than silently dropped.
 */
function parseDocumentedExports(readme: string): Map<string, string[]> {
  const documented = new Map<string, string[]>();
  let inSection = false;
  let inFence = false;
  let names: string[] | undefined;
  for (const line of readme.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    if (/^#{1,2} /.test(line)) {
      inSection = /^## Public API\s*$/.test(line);
      names = undefined;
      continue;
    }
    if (!inSection) continue;
    const heading = /^### `([^`]+)`/.exec(line);
    if (heading?.[1] !== undefined) {
      if (documented.has(heading[1])) throw new Error(`the README lists ${heading[1]} twice`);
      names = [];
      documented.set(heading[1], names);
      continue;
    }
    const item = /^[-*] `([^`]+)`/.exec(line);
    if (item?.[1] === undefined) continue;
    if (names === undefined)
      throw new Error(`\`${item[1]}\` is listed before any \`### \\\`specifier\\\`\` heading`);
    names.push(item[1]);
  }
  return documented;
}

/** Compares a README's list with the real exports (`null` for an entry point that is a data file). */
function compareExports(
  documented: ReadonlyMap<string, readonly string[]>,
  actual: ReadonlyMap<string, readonly string[]>,
): ExportsDifference {
  const pairs = (map: ReadonlyMap<string, readonly string[]>): Set<string> =>
    new Set(
      [...map].flatMap(([specifier, names]) => [specifier, ...names.map((name) => `${specifier}: ${name}`)]),
    );
  const listed = pairs(documented);
  const real = pairs(actual);
  // a name listed twice is a README mistake the set would hide
  const duplicated = [...documented].flatMap(([specifier, names]) =>
    names
      .filter((name, index) => names.indexOf(name) !== index)
      .map((name) => `${specifier}: ${name} (twice)`),
  );
  return {
    undocumented: [...real].filter((key) => !listed.has(key)).sort(),
    missing: [...[...listed].filter((key) => !real.has(key)), ...duplicated].sort(),
  };
}

function entryPointsOf({ directory, manifest }: PublishedPackage): EntryPoint[] {
  return Object.entries(manifest.exports ?? {})
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => {
      if (subpath.includes('*'))
        throw new Error(`${manifest.name}: subpath patterns (${subpath}) are not supported`);
      const file =
        typeof target === 'string' ? target : (target.development ?? target.import ?? target.default);
      if (file === undefined)
        throw new Error(`${manifest.name}: ${subpath} has no development or default target`);
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      return { specifier, file: join(directory, file) };
    });
}

/** A JavaScript/TypeScript module has runtime exports; any other entry point (openapi.json) is a data file. */
function isModule(file: string): boolean {
  return /\.(?:[cm]?ts|[cm]?js|tsx|jsx)$/.test(file);
}

async function readActualExports(entries: readonly EntryPoint[]): Promise<Map<string, string[]>> {
  const actual = new Map<string, string[]>();
  for (const { specifier, file } of entries) {
    const names = isModule(file) ? Object.keys((await import(pathToFileURL(file).href)) as object) : [];
    actual.set(specifier, names);
  }
  return actual;
}

const packages = await listPublishedPackages();

describe('the documented-exports check', () => {
  const readme = [
    '# @x/pkg',
    '',
    '## Public API',
    '',
    '### `@x/pkg`',
    '',
    '- `createThing` — makes a thing.',
    '- `THING_LIMIT` — the limit.',
    '  - `notAnEntry` — a nested note.',
    '',
    'Types: `ThingOptions`, `ThingResult`.',
    '',
    '```ts',
    '- `insideACodeBlock`',
    '## Not a heading',
    '```',
    '',
    '### `@x/pkg/net`',
    '',
    '- `safeFetch` — fetches safely.',
    '',
    '## Example',
    '',
    '- `afterTheSection` — not part of the API.',
  ].join('\n');
  const actual = new Map([
    ['@x/pkg', ['createThing', 'THING_LIMIT']],
    ['@x/pkg/net', ['safeFetch']],
  ]);

  it('reads one list per entry point and ignores types, nested items, code blocks and later sections', () => {
    expect(parseDocumentedExports(readme)).toEqual(actual);
    expect(compareExports(parseDocumentedExports(readme), actual)).toEqual({ undocumented: [], missing: [] });
  });

  it('fails when the README leaves out a runtime export', () => {
    const withoutOne = readme.replace('- `THING_LIMIT` — the limit.\n', '');
    expect(compareExports(parseDocumentedExports(withoutOne), actual)).toEqual({
      undocumented: ['@x/pkg: THING_LIMIT'],
      missing: [],
    });
  });

  it('fails when the README lists a name the package does not export, or lists one twice', () => {
    const extra = readme.replace('- `safeFetch`', '- `safeFetch` — again.\n- `safeFetch` — twice.\n- `gone`');
    expect(compareExports(parseDocumentedExports(extra), actual)).toEqual({
      undocumented: [],
      missing: ['@x/pkg/net: gone', '@x/pkg/net: safeFetch (twice)'],
    });
  });

  it('fails when an entry point is undocumented or a README has no Public API section', () => {
    const oneEntryPoint = readme.replace('### `@x/pkg/net`', '### `@x/pkg/nett`');
    expect(compareExports(parseDocumentedExports(oneEntryPoint), actual)).toEqual({
      undocumented: ['@x/pkg/net', '@x/pkg/net: safeFetch'],
      missing: ['@x/pkg/nett', '@x/pkg/nett: safeFetch'],
    });
    expect(compareExports(parseDocumentedExports('# @x/pkg\n'), actual).undocumented).toHaveLength(5);
  });

  it('refuses a list item outside an entry point heading', () => {
    expect(() => parseDocumentedExports('## Public API\n\n- `orphan` — where?\n')).toThrow(/before any/);
  });
});

describe('documented exports', () => {
  it('finds the published packages', () => {
    expect(packages.map((p) => p.manifest.name)).toContain('@transmute/engine');
  });

  describe.each(packages.map((p) => [p.manifest.name, p] as const))('%s', (_name, published) => {
    it('exports exactly the entry points and names its README lists', async () => {
      const readme = await readFile(join(published.directory, 'README.md'), 'utf8').catch(() => '');
      const documented = parseDocumentedExports(readme);
      const actual = await readActualExports(entryPointsOf(published));
      expect(compareExports(documented, actual)).toEqual({ undocumented: [], missing: [] });
    });
  });
});
