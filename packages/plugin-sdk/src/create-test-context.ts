import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobStage, UsageUnit } from '@transmute/contract';
import type { StageContext } from './plugin-types.js';

/** A {@link StageContext} that records what a plugin reported, for tests and embedding. */
export interface RecordingContext extends StageContext {
  readonly warnings: string[];
  readonly usage: Partial<Record<UsageUnit, number>>;
  readonly stages: JobStage[];
  readonly progressLog: Array<{ percent: number; detail: string | undefined }>;
}

/** Options of {@link createTestContext}. */
export interface TestContextOptions {
  limits?: Record<string, number>;
  signal?: AbortSignal;
  workDir?: string;
}

/**
 * Creates a recording stage context with a fresh temporary work directory.
 *
 * @example
 * const ctx = createTestContext({ limits: plugin.manifest.limits });
 * const doc = await plugin.extract(file, ctx);
 * expect(ctx.warnings).toEqual([]);
 */
export function createTestContext(options: TestContextOptions = {}): RecordingContext {
  const warnings: string[] = [];
  const usage: Partial<Record<UsageUnit, number>> = {};
  const stages: JobStage[] = [];
  const progressLog: Array<{ percent: number; detail: string | undefined }> = [];
  return {
    signal: options.signal ?? new AbortController().signal,
    limits: options.limits ?? {},
    workDir: options.workDir ?? mkdtempSync(join(tmpdir(), 'transmute-test-')),
    warnings,
    usage,
    stages,
    progressLog,
    progress: (percent, detail) => progressLog.push({ percent, detail }),
    warn: (code, detail) => warnings.push(`${code}: ${detail}`),
    meter: (unit, quantity) => {
      usage[unit] = (usage[unit] ?? 0) + quantity;
    },
    stage: (stage) => stages.push(stage),
  };
}
