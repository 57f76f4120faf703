// The engine seam: every engine type and value the service uses comes through here.
export type {
  CheckpointStore,
  ConvertSource,
  Engine,
  EngineCapabilities,
  OutputRequest,
  PipelineProgress,
  UsageQuantities,
} from '../../../engine/src/engine-types.js';
export { checkUrlAllowed } from '@transmute/engine';
