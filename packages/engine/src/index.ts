// the engine (the SSRF-safe outbound client is the ./net subpath: src/net.ts)
export { createEngine } from './create-engine.js';
export type {
  Engine,
  EngineOptions,
  EngineCapabilities,
  ConvertSource,
  OutputRequest,
  PipelineProgress,
  CheckpointStore,
  UsageQuantities,
  RunOptions,
  PrepareResult,
  RenderResult,
  ConvertResult,
  EnrichmentProviderOptions,
  CpuWorkerOptions,
  ExtractionTask,
  ExtractionTaskResult,
  TaskRunner,
} from './engine-types.js';
export { writtenBytes } from './stages/written-bytes.js';
export { DEFAULT_PAGES_PER_TASK } from './stages/extraction-tasks.js';
export { chunkDocument } from './chunking/chunk-document.js';
export type { ChunkOptions } from './chunking/chunk-document.js';
export { normalizeDocument } from './normalize/normalize-document.js';
export type { NormalizeOptions } from './normalize/normalize-document.js';
export { readTextSource } from './text-source/read-text-source.js';
export type { TextSourceInput } from './text-source/read-text-source.js';
export { sniffMediaType } from './sniff/sniff-media-type.js';
export { mediaTypeFromName } from './media-type-from-name.js';
export { DOCUMENT_MEDIA_TYPES } from './media-types.js';
