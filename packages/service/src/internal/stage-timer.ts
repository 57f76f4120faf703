import { performance } from 'node:perf_hooks';
import type { ServiceMetrics } from '../service-metrics.js';

/** Times the pipeline stages of one run into `transmute_job_stage_duration_seconds`. */
export interface StageTimer {
  /** The run reported `stage`: a change ends the previous stage's time. */
  enter(stage: string): void;
  /** The run ended: the stage in progress ends too. */
  end(): void;
}

/** A {@link StageTimer} over a metrics instance. */
export function createStageTimer(metrics: ServiceMetrics): StageTimer {
  let current: { stage: string; since: number } | null = null;
  const close = (): void => {
    if (current === null) return;
    metrics.jobStageDuration.observe({ stage: current.stage }, (performance.now() - current.since) / 1000);
    current = null;
  };
  return {
    enter(stage) {
      if (current?.stage === stage) return;
      close();
      current = { stage, since: performance.now() };
    },
    end: close,
  };
}
