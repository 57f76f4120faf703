import type { JobStage } from '@transmute/contract';
import type { Plugin, StageContext } from '@transmute/plugin-sdk';
import type { EngineOptions } from '../engine-types.js';
import type { PluginRegistry } from '../internal/plugin-registry.js';
import type { ProgressTracker } from '../internal/progress-tracker.js';
import type { RunRecorder } from '../internal/usage-meter.js';
import { enterPluginStage } from './transcription.js';

/**
 * Everything a stage of one run may use. The CPU runner is not part of it: stages are plain
 * functions the CPU tasks call, and only the pipeline runners above them decide where they run.
 */
export interface RunContext {
  signal: AbortSignal;
  progress: ProgressTracker;
  recorder: RunRecorder;
  /** Private scratch directory of the run (made on first read, removed afterwards). */
  readonly scratchDir: string;
  registry: PluginRegistry;
  options: EngineOptions;
}

/**
 * The StageContext handed to a plugin: its limits, scratch space, progress within the current
 * stage. `workDir` defaults to the run's scratch directory, read (and so made) only if the plugin
 * reads it.
 */
export function toStageContext(
  ctx: RunContext,
  plugin: Plugin,
  workDir?: string,
): StageContext & { metered: Set<string> } {
  const metered = new Set<string>();
  return {
    metered,
    signal: ctx.signal,
    limits: ctx.registry.limitsOf(plugin),
    get workDir() {
      return workDir ?? ctx.scratchDir;
    },
    progress: (percent, detail) => ctx.progress.within(percent, detail ?? null),
    warn: (code, detail) => ctx.recorder.warn(code, detail),
    meter: (unit, quantity) => {
      metered.add(unit);
      ctx.recorder.meter(unit, quantity);
    },
    stage: (stage: JobStage) => enterPluginStage(ctx.progress, stage),
  };
}
