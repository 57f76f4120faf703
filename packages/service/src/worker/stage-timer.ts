import { performance } from 'node:perf_hooks';
import { ROOT_CONTEXT, trace, type Span } from '@opentelemetry/api';
import type { ServiceMetrics } from '../kernel/service-metrics.js';
import { transmuteTracer } from '../kernel/trace-context.js';

/**
 * Times the pipeline stages of one run into `transmute_job_stage_duration_seconds`, each as a
 * `transmute.stage <name>` span under the job's span.
 */
export interface StageTimer {
  /** The run reported `stage`: a change ends the previous stage's time. */
  enter(stage: string): void;
  /** The run ended: the stage in progress ends too. */
  end(): void;
}

/** A {@link StageTimer} over a metrics instance, with stage spans under `jobSpan`. */
export function createStageTimer(metrics: ServiceMetrics, jobSpan: Span): StageTimer {
  let current: { stage: string; since: number; span: Span } | null = null;
  const parent = trace.setSpan(ROOT_CONTEXT, jobSpan);
  const close = (): void => {
    if (current === null) return;
    metrics.jobStageDuration.observe({ stage: current.stage }, (performance.now() - current.since) / 1000);
    current.span.end();
    current = null;
  };
  return {
    enter(stage) {
      if (current?.stage === stage) return;
      close();
      const span = transmuteTracer().startSpan(`transmute.stage ${stage}`, {}, parent);
      current = { stage, since: performance.now(), span };
    },
    end: close,
  };
}
