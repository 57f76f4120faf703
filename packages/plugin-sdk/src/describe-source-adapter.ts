import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import { toString } from './internal/to-string.js';
import { SDK_VERSION, type SourceAdapter, type SourceFile } from './plugin-types.js';
import { createTestContext } from './create-test-context.js';
import type { RootContent } from './document.js';

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

/**
 * The plugin conformance suite: the manifest is well formed, health() answers, accepts() takes its
 * own media types, and every fixture either extracts a non-empty document with the expected text
 * and provenance or fails with its expected code. Call it inside a vitest test file.
 */
export function describeSourceAdapter(title: string, options: SourceAdapterSuiteOptions): void {
  const timeout = options.timeoutMs ?? 60_000;
  describe(`${title} (source adapter conformance)`, () => {
    const plugin = options.create();

    it('has a manifest of the current SDK with its media types', () => {
      expect(plugin.manifest.kind).toBe('source_adapter');
      expect(plugin.manifest.sdkVersion).toBe(SDK_VERSION);
      expect(plugin.manifest.mediaTypes.length).toBeGreaterThan(0);
      expect(Object.isFrozen(plugin.manifest)).toBe(true);
    });

    it('answers health()', async () => {
      const health = await plugin.health();
      expect(typeof health.ok).toBe('boolean');
    });

    it('accepts each media type of its manifest', () => {
      for (const mediaType of plugin.manifest.mediaTypes) {
        expect(plugin.accepts({ mediaType, name: 'x', head: new Uint8Array() }), mediaType).toBe(true);
      }
    });

    for (const fixture of options.cases) {
      it(`extracts ${fixture.name}`, { timeout }, async () => {
        const ctx = createTestContext({ limits: { ...plugin.manifest.limits } });
        const file = toSourceFile(fixture);
        expect(
          plugin.accepts({
            mediaType: fixture.mediaType,
            name: file.name,
            head: readFileSync(fixture.path).subarray(0, 64),
          }),
        ).toBe(true);
        const run = plugin.extract(file, ctx);
        if (fixture.expectFailure !== undefined) {
          const error: unknown = await run.then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(isTransmuteError(error) ? error.code : error).toBe(fixture.expectFailure);
          return;
        }
        const doc = await run;
        const text = toString(doc.root).toLowerCase();
        expect(text.trim().length).toBeGreaterThan(0);
        for (const expected of fixture.expectText ?? []) expect(text).toContain(expected.toLowerCase());
        const key = fixture.expectProvenance;
        if (key !== undefined) {
          for (const node of doc.root.children) expect(hasProvenance(node, key), node.type).toBe(true);
        }
      });
    }
  });
}
