import type { JobStage } from '@transmute/contract';
import type { ProgressTracker } from '../internal/progress-tracker.js';

/**
 * Stage transcription: it runs inside a media plugin's extract(), so it is skipped unless the
 * plugin marks it (`ctx.stage('transcription')`); the marks move the reported stage.
 */
export function enterPluginStage(progress: ProgressTracker, stage: JobStage): void {
  if (stage === progress.current) return;
  if (stage === 'transcription' || stage === 'extraction' || stage === 'scanning') progress.stage(stage);
}
