import type { CpuRunner } from '../cpu/cpu-runner.js';
import type { RunContext } from '../stages/run-context.js';

/**
 * What the pipeline runners use of one run: the stages' {@link RunContext} plus the CPU runner,
 * with which the runners send the pure CPU stages to a worker thread when the input is large.
 */
export interface PipelineContext extends RunContext {
  /** Runs the engine's pure CPU stages, on a worker thread when the input is large. */
  cpu: CpuRunner;
}
