import type { JobStage } from '@transmute/contract';
import type { PipelineProgress } from '../engine-types.js';

/** Each stage's share of the whole job, as [start, end] percents (a skipped stage jumps over its range). */
const STAGE_RANGES: Partial<Record<JobStage, readonly [number, number]>> = {
  source_acquisition: [0, 5],
  scanning: [5, 8],
  extraction: [8, 45],
  transcription: [45, 55],
  normalization: [55, 62],
  chunking: [62, 72],
  enrichment: [72, 80],
  rendering: [80, 94],
  packaging: [94, 100],
};

/** Reports pipeline progress: percent monotonic over the whole job, 100 only once at the very end. */
export interface ProgressTracker {
  /** Enters a stage (reports its start). */
  stage(stage: JobStage, detail?: string | null): void;
  /** Progress inside the current stage, 0..100. */
  within(percent: number, detail?: string | null): void;
  /** Reports 100 %: only the last step of a render calls it. */
  finish(detail?: string | null): void;
  readonly current: JobStage | null;
}

/** Creates a tracker around the caller's `onProgress` (none → a silent tracker). */
export function createProgressTracker(onProgress?: (progress: PipelineProgress) => void): ProgressTracker {
  let current: JobStage | null = null;
  let last = -1;
  const emit = (stage: JobStage, percent: number, detail: string | null): void => {
    const value = Math.max(last, Math.min(99, Math.floor(percent)));
    last = value;
    if (onProgress) onProgress({ stage, percent: value, detail });
  };
  return {
    get current() {
      return current;
    },
    stage(stage, detail = null) {
      current = stage;
      emit(stage, STAGE_RANGES[stage]?.[0] ?? last, detail);
    },
    within(percent, detail = null) {
      if (current === null) return;
      const range = STAGE_RANGES[current];
      if (!range) return;
      const clamped = Math.max(0, Math.min(100, percent));
      emit(current, range[0] + ((range[1] - range[0]) * clamped) / 100, detail);
    },
    finish(detail = null) {
      const stage = current ?? 'packaging';
      last = 100;
      if (onProgress) onProgress({ stage, percent: 100, detail });
    },
  };
}
