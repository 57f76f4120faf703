import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureOf } from './internal/failure-of.js';
import { SDK_VERSION, type Artifact, type OutputRenderer, type RenderRequest } from './plugin-types.js';
import { createTestContext } from './create-test-context.js';

/** One request the conformance suite runs through an output renderer. */
export interface OutputRendererCase {
  name: string;
  /** The request to render, e.g. a fixture's rendering (built lazily: it may need an engine). */
  request: () => RenderRequest | Promise<RenderRequest>;
  /** Limits of this case, over the manifest's (e.g. a small `maximum_records`). */
  limits?: Record<string, number>;
  /** The failure code the rendering must end with instead. */
  expectFailure?: string;
}

/** Options of {@link describeOutputRenderer}. */
export interface OutputRendererSuiteOptions {
  /** Creates the plugin once for the suite. */
  create: () => OutputRenderer;
  cases: OutputRendererCase[];
  timeoutMs?: number;
}

function expectArtifact(artifact: Artifact, workDir: string): void {
  expect(dirname(artifact.path)).toBe(workDir);
  expect(artifact.name).toBe(basename(artifact.path));
  expect(artifact.mediaType).not.toBe('');
  const bytes = readFileSync(artifact.path);
  expect(artifact.sizeBytes).toBe(bytes.length);
  expect(artifact.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
}

/**
 * The renderer conformance suite: the manifest is well formed with its output formats, health()
 * answers, and every case either renders artifacts into the stage context's `workDir` whose name,
 * size and sha256 describe the file written, or fails with its expected code leaving no file
 * behind. Call it inside a vitest test file.
 */
export function describeOutputRenderer(title: string, options: OutputRendererSuiteOptions): void {
  const timeout = options.timeoutMs ?? 60_000;
  describe(`${title} (output renderer conformance)`, () => {
    const plugin = options.create();
    afterAll(async () => plugin.close?.());

    it('has a manifest of the current SDK with its output formats', () => {
      expect(plugin.manifest.kind).toBe('output_renderer');
      expect(plugin.manifest.sdkVersion).toBe(SDK_VERSION);
      expect(plugin.manifest.outputFormats.length).toBeGreaterThan(0);
      expect(Object.isFrozen(plugin.manifest)).toBe(true);
    });

    it('answers health()', async () => {
      const health = await plugin.health();
      expect(typeof health.ok).toBe('boolean');
    });

    for (const fixture of options.cases) {
      it(`renders ${fixture.name}`, { timeout }, async () => {
        const request = await fixture.request();
        expect(plugin.manifest.outputFormats).toContain(request.format);
        const ctx = createTestContext({ limits: { ...plugin.manifest.limits, ...fixture.limits } });
        const run = plugin.render(request, ctx);
        if (fixture.expectFailure !== undefined) {
          expect(await failureOf(run)).toBe(fixture.expectFailure);
          expect(readdirSync(ctx.workDir)).toEqual([]);
          return;
        }
        const artifacts = await run;
        expect(artifacts.length).toBeGreaterThan(0);
        for (const artifact of artifacts) expectArtifact(artifact, ctx.workDir);
      });
    }
  });
}
