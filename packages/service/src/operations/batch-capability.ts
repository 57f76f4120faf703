import { SPEC_LIMITS, type CapabilityPlugin, type Surface } from '@transmute/contract';
import type { BatchSettings } from '../kernel/batch-settings.js';

/**
 * The `orchestration.batch` entry of the capabilities (CONTRACT §12): the service's own
 * orchestrator, `general_availability` when jobs are split across workers (the default) and
 * `disabled` when `batch.enabled` is false; its limits are the ones in force.
 */
export function batchCapability(settings: BatchSettings, surfaces: Surface[]): CapabilityPlugin {
  return {
    id: 'orchestration.batch',
    kind: 'orchestrator',
    status: settings.enabled ? 'general_availability' : 'disabled',
    canonical_identifier: 'batch_orchestration.v1',
    use_case:
      'Splits a files job into tasks, one per file and one per page range of a long PDF or TIFF, that any worker claims; results merge in order.',
    media_types: [],
    output_formats: [],
    cost_unit: 'files',
    limits: {
      maximum_parallel_tasks: settings.maximumParallelTasks,
      pages_per_task: settings.pagesPerTask,
      maximum_files_per_job: SPEC_LIMITS.maximumFilesPerJob,
    },
    quality_threshold: 1,
    surfaces: [...surfaces],
  };
}
