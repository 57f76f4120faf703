import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `pnpm build` (and so `scripts/serve.sh`) runs each package's build after those it depends on,
// and stops on a cycle among workspace packages, devDependencies included.

const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function workspaceManifests(): Manifest[] {
  return ['packages', 'plugins', 'bench'].flatMap((group) => {
    const directory = join(ROOT, group);
    const names = group === 'bench' ? [''] : readdirSync(directory);
    return names.flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(directory, name, 'package.json'), 'utf8')) as Manifest];
      } catch {
        return [];
      }
    });
  });
}

/** A path of workspace dependencies that comes back to where it started, or null. */
function findCycle(edges: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    for (const next of edges.get(name) ?? []) {
      const cycle = visit(next);
      if (cycle !== null) return cycle;
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of edges.keys()) {
    const cycle = visit(name);
    if (cycle !== null) return cycle;
  }
  return null;
}

describe('workspace packages', () => {
  it('depend on one another without a cycle', () => {
    const manifests = workspaceManifests();
    const names = new Set(manifests.map((manifest) => manifest.name));
    expect(names.size).toBeGreaterThan(10);
    const edges = new Map(
      manifests.map((manifest) => [
        manifest.name,
        Object.keys({
          ...manifest.dependencies,
          ...manifest.devDependencies,
          ...manifest.peerDependencies,
        }).filter((name) => names.has(name)),
      ]),
    );
    expect(findCycle(edges)).toBeNull();
  });
});
