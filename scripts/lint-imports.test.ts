import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

/** Runs `pnpm lint:imports`' rule set (`.dependency-cruiser.mjs`) on the files of `dir`. */
async function lintImports(dir: string): Promise<{ exitCode: number; output: string }> {
  try {
    const { stdout, stderr } = await run(depcruise, ['--config', '.dependency-cruiser.mjs', dir], {
      cwd: root,
    });
    return { exitCode: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { exitCode: failed.code ?? -1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

describe('pnpm lint:imports', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('fails on two files that import each other, type-only imports included', async () => {
    dir = await mkdtemp(join(tmpdir(), 'transmute-cycle-'));
    await writeFile(join(dir, 'a.ts'), "import type { B } from './b.js';\nexport interface A { b?: B }\n");
    await writeFile(join(dir, 'b.ts'), "import type { A } from './a.js';\nexport interface B { a?: A }\n");
    const result = await lintImports(dir);
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('no-circular');
  });

  it('passes on imports that run one way', async () => {
    dir = await mkdtemp(join(tmpdir(), 'transmute-no-cycle-'));
    await writeFile(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = b + 1;\n");
    await writeFile(join(dir, 'b.ts'), 'export const b = 1;\n');
    const result = await lintImports(dir);
    expect(result).toEqual({ exitCode: 0, output: expect.stringContaining('no dependency violations') });
  });
});
