import { DEFAULT_PAGES_PER_TASK } from './engine.js';
import type { ServiceConfig } from './service-config.js';

/** How `orchestration.batch` splits jobs, resolved once from {@link ServiceConfig.batch}. */
export interface BatchSettings {
  /** Split `files` jobs into tasks any worker claims (else a job's tasks run in its own run). */
  enabled: boolean;
  pagesPerTask: number;
  /** Tasks of one job leased at once, across all workers. */
  maximumParallelTasks: number;
}

/** Default of {@link BatchSettings.maximumParallelTasks}. */
export const DEFAULT_MAXIMUM_PARALLEL_TASKS = 16;

function positive(value: number | undefined, fallback: number, name: string): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result < 1)
    throw new TypeError(`batch.${name} must be a positive integer`);
  return result;
}

/** The batch settings of a config (defaults: on, {@link DEFAULT_PAGES_PER_TASK}, 16 tasks at once). */
export function resolveBatchSettings(config: ServiceConfig): BatchSettings {
  const batch = config.batch ?? {};
  return {
    enabled: batch.enabled ?? true,
    pagesPerTask: positive(batch.pagesPerTask, DEFAULT_PAGES_PER_TASK, 'pagesPerTask'),
    maximumParallelTasks: positive(
      batch.maximumParallelTasks,
      DEFAULT_MAXIMUM_PARALLEL_TASKS,
      'maximumParallelTasks',
    ),
  };
}
