import type { JobStage } from '@transmute/contract';
import type { Plugin, StageContext } from '@transmute/plugin-sdk';
import type { EngineOptions } from '../engine-types.js';
import { enterPluginStage } from '../stages/transcription.js';
import type { CpuRunner } from './cpu-runner.js';
import type { PluginRegistry } from './plugin-registry.js';
import type { ProgressTracker } from './progress-tracker.js';
import type { RunRecorder } from './usage-meter.js';

/** Everything a stage of one run may use. */
export interface PipelineContext {
  signal: AbortSignal;
  progress: ProgressTracker;
  recorder: RunRecorder;
  /** Private scratch directory of the run (removed afterwards). */
  scratchDir: string;
  registry: PluginRegistry;
  options: EngineOptions;
  /** Runs the engine's pure CPU stages, on a worker thread when the input is large. */
  cpu: CpuRunner;
}

/** The StageContext handed to a plugin: its limits, scratch space, progress within the current stage. */
export function toStageContext(
  ctx: PipelineContext,
  plugin: Plugin,
  workDir: string = ctx.scratchDir,
): StageContext & { metered: Set<string> } {
  const metered = new Set<string>();
  return {
    metered,
    signal: ctx.signal,
    limits: ctx.registry.limitsOf(plugin),
    workDir,
    progress: (percent, detail) => ctx.progress.within(percent, detail ?? null),
    warn: (code, detail) => ctx.recorder.warn(code, detail),
    meter: (unit, quantity) => {
      metered.add(unit);
      ctx.recorder.meter(unit, quantity);
    },
    stage: (stage: JobStage) => enterPluginStage(ctx.progress, stage),
  };
}
