import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtPackageDirs, builtWorkspaceIsCurrent } from './cli-under-test.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes `files` (path → seconds since the epoch) into a new workspace-shaped directory. */
function workspace(files: Record<string, number>): string {
  const root = mkdtempSync(join(tmpdir(), 'transmute-built-'));
  roots.push(root);
  mkdirSync(join(root, 'packages'), { recursive: true });
  mkdirSync(join(root, 'plugins'), { recursive: true });
  for (const [path, seconds] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    const manifest = path.endsWith('package.json') && !path.includes('/dist/');
    writeFileSync(file, manifest ? JSON.stringify({ scripts: { build: 'tsup' } }) : '');
    utimesSync(file, seconds, seconds);
  }
  return root;
}

const BUILT_AFTER = {
  'packages/engine/package.json': 100,
  'packages/engine/src/index.ts': 100,
  'packages/engine/src/internal/run.ts': 150,
  'packages/engine/dist/index.js': 200,
  'packages/engine/dist/internal/worker.js': 201,
  'plugins/webpage/package.json': 100,
  'plugins/webpage/src/index.ts': 120,
  'plugins/webpage/dist/index.js': 210,
};

describe('the workspace build, current or not', () => {
  it('is current when every built file is newer than every source, manifest and build config', () => {
    expect(builtWorkspaceIsCurrent(workspace(BUILT_AFTER))).toBe(true);
  });

  it('is not current when one source file changed after the build, however deep', () => {
    const root = workspace({ ...BUILT_AFTER, 'packages/engine/src/internal/run.ts': 205 });
    expect(builtWorkspaceIsCurrent(root)).toBe(false);
  });

  it('is not current when the manifest or build config changed after the build', () => {
    expect(builtWorkspaceIsCurrent(workspace({ ...BUILT_AFTER, 'plugins/webpage/package.json': 300 }))).toBe(
      false,
    );
    const config = { ...BUILT_AFTER, 'plugins/webpage/tsup.config.ts': 300 };
    expect(builtWorkspaceIsCurrent(workspace(config))).toBe(false);
  });

  it('is not current when a package was never built or its build is half written', () => {
    const { 'plugins/webpage/dist/index.js': _unbuilt, ...missing } = BUILT_AFTER;
    expect(builtWorkspaceIsCurrent(workspace(missing))).toBe(false);
    // One file left from a build older than the sources: the package's build did not finish.
    const half = { ...BUILT_AFTER, 'packages/engine/dist/internal/worker.js': 140 };
    expect(builtWorkspaceIsCurrent(workspace(half))).toBe(false);
  });

  it('stays current when only a test file beside the sources changed', () => {
    const root = workspace({ ...BUILT_AFTER, 'plugins/webpage/src/index.test.ts': 400 });
    expect(builtWorkspaceIsCurrent(root)).toBe(true);
  });

  it('looks only at packages with a build script', () => {
    const root = workspace(BUILT_AFTER);
    writeFileSync(join(root, 'packages/engine/package.json'), JSON.stringify({ scripts: {} }));
    utimesSync(join(root, 'packages/engine/package.json'), 100, 100);
    expect(builtPackageDirs(root).map((dir) => dir.slice(root.length + 1))).toEqual(['plugins/webpage']);
  });
});
