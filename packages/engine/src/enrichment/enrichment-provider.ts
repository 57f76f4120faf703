/** One chat completion request to an enrichment provider. */
export interface EnrichmentRequest {
  /** Instructions (the system message). */
  system: string;
  /** The user message. */
  prompt: string;
  maxTokens?: number;
  signal: AbortSignal;
}

/** The provider's answer and the tokens it consumed (metered as `enrichment_tokens`). */
export interface EnrichmentResponse {
  text: string;
  totalTokens: number;
}

/**
 * An optional model that enriches profiles (a polished summary, extra questions). Profiles never
 * depend on it: without one, or when it fails, they stay extractive and grounded.
 */
export interface EnrichmentProvider {
  /** The model name, for warnings and datasheets. */
  readonly model: string;
  complete(request: EnrichmentRequest): Promise<EnrichmentResponse>;
}
