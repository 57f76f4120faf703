import { describe, expect, it } from 'vitest';
import {
  SDK_VERSION,
  definePlugin,
  isOutputRenderer,
  isSourceAdapter,
  type SourceAdapter,
} from '../src/index.js';
import { createTestContext } from '../src/testing.js';

const manifest = () => ({
  id: 'source.webpage' as const,
  kind: 'source_adapter' as const,
  canonicalIdentifier: 'webpage.v1',
  useCase: 'Reads web pages for tests.',
  mediaTypes: ['text/html'],
  outputFormats: [],
  costUnit: 'extracted_characters' as const,
  limits: { maximum_bytes: 10 },
  qualityThreshold: 0.8,
  sdkVersion: SDK_VERSION,
});

const adapter = (overrides: Partial<ReturnType<typeof manifest>> = {}): SourceAdapter => ({
  manifest: { ...manifest(), ...overrides },
  health: async () => ({ ok: true }),
  accepts: () => true,
  extract: async () => ({ root: { type: 'root', children: [] }, metadata: {} }),
});

describe('@transmute/plugin-sdk', () => {
  it('freezes a valid plugin and its manifest', () => {
    const plugin = definePlugin(adapter());
    expect(Object.isFrozen(plugin)).toBe(true);
    expect(Object.isFrozen(plugin.manifest)).toBe(true);
    expect(isSourceAdapter(plugin)).toBe(true);
    expect(isOutputRenderer(plugin)).toBe(false);
  });

  it('rejects a manifest outside the capabilities constraints, naming each problem', () => {
    expect(() => definePlugin(adapter({ qualityThreshold: 2 }))).toThrow(/qualityThreshold/);
    expect(() => definePlugin(adapter({ canonicalIdentifier: 'x' }))).toThrow(/canonicalIdentifier/);
    expect(() => definePlugin(adapter({ useCase: 'short' }))).toThrow(/useCase/);
    expect(() => definePlugin(adapter({ limits: { maximum_bytes: -1 } }))).toThrow(/limits.maximum_bytes/);
  });

  it('records warnings, usage, stages and progress in a test context', () => {
    const ctx = createTestContext();
    ctx.warn('low_confidence', 'Too quiet.');
    ctx.meter('media_minutes', 1.5);
    ctx.meter('media_minutes', 0.5);
    ctx.stage('transcription');
    ctx.progress(50, 'half');
    expect(ctx.warnings).toEqual(['low_confidence: Too quiet.']);
    expect(ctx.usage).toEqual({ media_minutes: 2 });
    expect(ctx.stages).toEqual(['transcription']);
    expect(ctx.progressLog).toEqual([{ percent: 50, detail: 'half' }]);
  });
});
