// The engine seam: the engine types the service's jobs, runs, usage and config use, and the URL
// check of job sources and webhook endpoint URLs come through here. The webhook dispatcher
// (webhooks/) takes the SSRF-safe client from @transmute/engine/net directly.
export type {
  CheckpointStore,
  ConvertSource,
  Engine,
  EngineCapabilities,
  ExtractionTask,
  ExtractionTaskResult,
  OutputRequest,
  PipelineProgress,
  TaskRunner,
  UsageQuantities,
} from '@transmute/engine';
export { DEFAULT_PAGES_PER_TASK, writtenBytes } from '@transmute/engine';
export { checkUrlAllowed } from '@transmute/engine/net';
