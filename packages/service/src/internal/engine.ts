// The engine seam: every engine type and value the service uses comes through here.
export type {
  CheckpointStore,
  ConvertSource,
  Engine,
  EngineCapabilities,
  OutputRequest,
  PipelineProgress,
  UsageQuantities,
} from '@transmute/engine';
export { checkUrlAllowed } from '@transmute/engine/net';
