// net: the one SSRF-safe outbound client (URL sources, webhooks)
export { createSafeFetch, safeFetch } from './net/safe-fetch.js';
export type { SafeFetch, SafeFetchInit, SafeFetchPolicy, SafeFetchResponse } from './net/safe-fetch.js';
export { SafeFetchError, SAFE_FETCH_ERROR_CODES, isSafeFetchError } from './net/safe-fetch-error.js';
export type { SafeFetchErrorCode, SafeFetchErrorOptions } from './net/safe-fetch-error.js';
export { checkUrlAllowed } from './net/check-url-allowed.js';
export type { UrlCheckOptions, UrlCheckResult, UrlPolicyOptions } from './net/check-url-allowed.js';
export { getBlockedAddressReason, isPublicAddress } from './net/address-policy.js';
export type { BlockedAddressReason } from './net/address-policy.js';
export { systemResolver } from './net/resolver.js';
export type { HostResolver, ResolvedAddress } from './net/resolver.js';

// the engine
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
} from './engine-types.js';
export { chunkDocument, DEFAULT_CHUNK_TOKENS, DEFAULT_OVERLAP_TOKENS } from './chunking/chunk-document.js';
export type { ChunkOptions } from './chunking/chunk-document.js';
export { countTextTokens as countTokens } from './chunking/token-pieces.js';
export { normalizeDocument } from './normalize/normalize-document.js';
export type { NormalizeOptions } from './normalize/normalize-document.js';
export { readTextSource } from './text-source/read-text-source.js';
export type { TextSourceInput } from './text-source/read-text-source.js';
export { TEXT_MEDIA_TYPES, isTextMediaType, toCanonicalMediaType } from './media-types.js';
export { SUPPORTED_LANGUAGES } from './languages.js';
export { sniffMediaType } from './sniff/sniff-media-type.js';
