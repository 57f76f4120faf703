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
  let probe: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    if (probe !== undefined) await rm(probe, { force: true });
    dir = probe = undefined;
  });

  /** Lints one probe file placed in a package's sources (the package rules match on workspace paths). */
  async function lintProbe(path: string, source: string): Promise<{ exitCode: number; output: string }> {
    probe = join(root, path);
    await writeFile(probe, source);
    return lintImports(path);
  }

  it('fails when a plugin imports a workspace package other than the SDK', async () => {
    const result = await lintProbe(
      'plugins/dataset/src/lint-probe.ts',
      "import { createEngine } from '@transmute/engine';\nexport const probe = createEngine;\n",
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('plugins-on-the-sdk-alone');
  });

  it('fails when a package imports one it must not, though it resolves (http importing the engine)', async () => {
    // http declares the engine as a devDependency (its tests build a service), so the import resolves.
    const result = await lintProbe(
      'packages/http/src/lint-probe.ts',
      "import { createEngine } from '@transmute/engine';\nexport const probe = createEngine;\n",
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('package-http-imports-contract-service');
  });

  it('fails on an import that resolves to nothing (an undeclared workspace package)', async () => {
    const result = await lintProbe(
      'packages/engine/src/lint-probe.ts',
      "import type { Store } from '@transmute/service';\nexport type Probe = Store;\n",
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('not-to-unresolvable');
  });

  it('passes a plugin that imports the SDK', async () => {
    const result = await lintProbe(
      'plugins/dataset/src/lint-probe.ts',
      "import { definePlugin } from '@transmute/plugin-sdk';\nexport const probe = definePlugin;\n",
    );
    expect(result).toEqual({ exitCode: 0, output: expect.stringContaining('no dependency violations') });
  });

  it('fails when a room of the service imports a room above it (the tables importing the worker)', async () => {
    const result = await lintProbe(
      'packages/service/src/tables/lint-probe.ts',
      "import type { WorkerPool } from '../worker/worker-pool.js';\nexport type Probe = WorkerPool;\n",
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('service-tables-imports-kernel-storage');
  });

  it('fails when a room of the service imports a sibling (billing importing webhooks)', async () => {
    const result = await lintProbe(
      'packages/service/src/billing/lint-probe.ts',
      "import { signWebhook } from '../webhooks/sign-webhook.js';\nexport const probe = signWebhook;\n",
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('service-billing-imports-tables-kernel-storage');
  });

  it("fails when a room of the service imports the package's front door (createService)", async () => {
    const result = await lintProbe(
      'packages/service/src/operations/lint-probe.ts',
      "import type { Service } from '../create-service.js';\nexport type Probe = Service;\n",
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('service-operations-imports-');
  });

  it('passes a room of the service that imports a room below it (operations importing the worker)', async () => {
    const result = await lintProbe(
      'packages/service/src/operations/lint-probe.ts',
      "import type { WorkerPool } from '../worker/worker-pool.js';\nexport type Probe = WorkerPool;\n",
    );
    expect(result).toEqual({ exitCode: 0, output: expect.stringContaining('no dependency violations') });
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
