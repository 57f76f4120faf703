import { readFileSync, statSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FailureCode } from '@transmute/contract';
import { failureOf } from './internal/failure-of.js';
import { toString } from './internal/to-string.js';
import { SDK_VERSION, type PluginHealth, type SourceAdapter, type SourceFile } from './plugin-types.js';
import { createTestContext } from './create-test-context.js';
import type { RootContent } from './document.js';
import { resolveByteLimit } from './resolve-byte-limit.js';

/** One fixture the conformance suite runs through a source adapter. */
export interface SourceAdapterCase {
  name: string;
  path: string;
  mediaType: string;
  /** Words or phrases the extracted text must contain (case-insensitive). */
  expectText?: string[];
  /** The failure code the extraction must end with instead. */
  expectFailure?: string;
  /** Every top-level block must carry this provenance key (e.g. `page`, `timeStart`). */
  expectProvenance?: 'page' | 'timeStart' | 'path';
}

/** Options of {@link describeSourceAdapter}. */
export interface SourceAdapterSuiteOptions {
  /** Creates the plugin once for the suite. */
  create: () => SourceAdapter;
  cases: SourceAdapterCase[];
  timeoutMs?: number;
  /**
   * For a plugin that is disabled where a tool it needs is missing (ffmpeg, a model): the code
   * every extraction and inspection fails with while health() says so. When health() is not ok,
   * the suite checks that instead of the fixtures; without this option a disabled plugin fails.
   */
  disabledFailure?: FailureCode;
}

function toSourceFile(fixture: SourceAdapterCase): SourceFile {
  return {
    fileId: 'file_conformance0001',
    name: basename(fixture.path),
    mediaType: fixture.mediaType,
    sizeBytes: statSync(fixture.path).size,
    path: fixture.path,
  };
}

function hasProvenance(node: RootContent, key: string): boolean {
  if (node.type === 'heading' || node.type === 'thematicBreak') return true;
  const provenance = node.data?.provenance as Record<string, unknown> | undefined;
  return provenance !== undefined && provenance[key] !== undefined;
}

async function expectExtracts(
  plugin: SourceAdapter,
  fixture: SourceAdapterCase,
  file: SourceFile,
): Promise<void> {
  const ctx = createTestContext({ limits: { ...plugin.manifest.limits } });
  const doc = await plugin.extract(file, ctx);
  // Attachments are files the adapter wrote into its workDir, of the size it says.
  for (const attachment of doc.attachments ?? []) {
    expect(relative(ctx.workDir, attachment.path).startsWith('..'), attachment.path).toBe(false);
    expect(statSync(attachment.path).size, attachment.name).toBe(attachment.sizeBytes);
  }
  const text = toString(doc.root).toLowerCase();
  expect(text.trim().length).toBeGreaterThan(0);
  for (const expected of fixture.expectText ?? []) expect(text).toContain(expected.toLowerCase());
  const key = fixture.expectProvenance;
  if (key !== undefined) {
    for (const node of doc.root.children) expect(hasProvenance(node, key), node.type).toBe(true);
  }
}

/**
 * The plugin conformance suite: the manifest is well formed, health() answers (a disabled plugin
 * says why and fails every file with its `disabledFailure`), accepts() takes its own media types,
 * every fixture either extracts a non-empty document with the expected text and provenance (its
 * attachments files inside its workDir, of their stated size; and
 * passes inspect()) or fails with its expected code, and a file over the manifest's
 * `maximum_bytes` is refused with `source_too_large` even when the caller passes no limits.
 * Call it inside a vitest test file.
 */
export function describeSourceAdapter(title: string, options: SourceAdapterSuiteOptions): void {
  const timeout = options.timeoutMs ?? 60_000;
  describe(`${title} (source adapter conformance)`, () => {
    const plugin = options.create();
    afterAll(async () => plugin.close?.());
    let health: Promise<PluginHealth> | undefined;
    /** The failure every file ends with while the plugin is disabled, else undefined. */
    const disabled = async (): Promise<FailureCode | undefined> => {
      health ??= plugin.health();
      return (await health).ok ? undefined : options.disabledFailure;
    };

    it('has a manifest of the current SDK with its media types', () => {
      expect(plugin.manifest.kind).toBe('source_adapter');
      expect(plugin.manifest.sdkVersion).toBe(SDK_VERSION);
      expect(plugin.manifest.mediaTypes.length).toBeGreaterThan(0);
      expect(Object.isFrozen(plugin.manifest)).toBe(true);
    });

    it('answers health(), with the reason when it is disabled', { timeout }, async () => {
      health ??= plugin.health();
      const answer = await health;
      expect(typeof answer.ok).toBe('boolean');
      if (answer.ok) return;
      expect(
        options.disabledFailure,
        `${title} is disabled: ${answer.detail ?? 'no reason given'}`,
      ).toBeDefined();
      expect(answer.detail ?? '').not.toBe('');
    });

    it('accepts each media type of its manifest', () => {
      for (const mediaType of plugin.manifest.mediaTypes) {
        expect(plugin.accepts({ mediaType, name: 'x', head: new Uint8Array() }), mediaType).toBe(true);
      }
    });

    for (const fixture of options.cases) {
      it(`extracts ${fixture.name}`, { timeout }, async () => {
        const file = toSourceFile(fixture);
        const head = readFileSync(fixture.path).subarray(0, 64);
        expect(plugin.accepts({ mediaType: fixture.mediaType, name: file.name, head })).toBe(true);
        const ctx = createTestContext({ limits: { ...plugin.manifest.limits } });
        const disabledBy = await disabled();
        if (disabledBy !== undefined) {
          // A file that fails its own checks may fail so before the missing tool is needed.
          const allowed = [
            disabledBy,
            ...(fixture.expectFailure === undefined ? [] : [fixture.expectFailure]),
          ];
          expect(allowed).toContain(await failureOf(plugin.extract(file, ctx)));
          return;
        }
        if (fixture.expectFailure !== undefined) {
          expect(await failureOf(plugin.extract(file, ctx))).toBe(fixture.expectFailure);
          return;
        }
        if (plugin.inspect)
          expect(await plugin.inspect(file, new AbortController().signal)).toMatchObject({ ok: true });
        await expectExtracts(plugin, fixture, file);
      });
    }

    const sample = options.cases.find((fixture) => fixture.expectFailure === undefined);
    const maximumBytes = resolveByteLimit(plugin.manifest.limits);
    if (sample !== undefined && Number.isFinite(maximumBytes)) {
      it(
        'refuses a file over its maximum_bytes, also when the caller passes no limits',
        { timeout },
        async () => {
          const file = { ...toSourceFile(sample), sizeBytes: maximumBytes + 1 };
          // A disabled plugin may refuse the file for the missing tool before looking at its size.
          const expected = ['source_too_large', ...[await disabled()].filter((code) => code !== undefined)];
          for (const limits of [{ ...plugin.manifest.limits }, {}]) {
            expect(expected).toContain(await failureOf(plugin.extract(file, createTestContext({ limits }))));
          }
          if (plugin.inspect) {
            const inspection = await plugin.inspect(file, new AbortController().signal);
            expect(inspection.ok).toBe(false);
            expect(expected).toContain(inspection.ok ? undefined : inspection.code);
          }
        },
      );
    }
  });
}
