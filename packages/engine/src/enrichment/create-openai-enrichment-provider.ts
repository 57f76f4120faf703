import { setTimeout as sleep } from 'node:timers/promises';
import { TransmuteError } from '@transmute/contract';
import type { EnrichmentProviderOptions } from '../engine-types.js';
import type { EnrichmentProvider, EnrichmentRequest, EnrichmentResponse } from './enrichment-provider.js';

/** Options of {@link createOpenAiEnrichmentProvider}. */
export interface OpenAiEnrichmentProviderOptions extends EnrichmentProviderOptions {
  /** Retries after a 429, a 5xx or a network error (default 2). */
  maxRetries?: number;
  /** Upper bound of one wait between attempts, also for `Retry-After` (default 10 000 ms). */
  maxRetryDelayMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
  usage?: { total_tokens?: unknown; prompt_tokens?: unknown; completion_tokens?: unknown };
}

/**
 * An enrichment provider for any OpenAI-compatible chat endpoint: `POST {baseUrl}/chat/completions`
 * with a bearer key, a per-attempt timeout and bounded retries that honour `Retry-After`.
 *
 * @example
 * const provider = createOpenAiEnrichmentProvider({ baseUrl: 'http://127.0.0.1:8080/v1', model: 'llama3' });
 * const { text, totalTokens } = await provider.complete({ system: '…', prompt: '…', signal });
 */
export function createOpenAiEnrichmentProvider(options: OpenAiEnrichmentProviderOptions): EnrichmentProvider {
  const url = `${new URL(options.baseUrl).href.replace(/\/+$/, '')}/chat/completions`;
  if (options.model.trim() === '') throw new TypeError('enrichment model is required');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 2;
  const maxDelay = options.maxRetryDelayMs ?? 10_000;
  const fetchImpl = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey !== undefined && options.apiKey !== '')
    headers.authorization = `Bearer ${options.apiKey}`;

  async function attempt(request: EnrichmentRequest): Promise<Response> {
    const body = JSON.stringify({
      model: options.model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.prompt },
      ],
      temperature: 0,
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    });
    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
    return fetchImpl(url, { method: 'POST', headers, body, signal });
  }

  async function complete(request: EnrichmentRequest): Promise<EnrichmentResponse> {
    let lastProblem = 'no attempt was made';
    for (let tries = 0; tries <= maxRetries; tries += 1) {
      let response: Response;
      try {
        response = await attempt(request);
      } catch (error) {
        if (request.signal.aborted) throw error;
        lastProblem =
          error instanceof Error && error.name === 'TimeoutError'
            ? `timed out after ${timeoutMs} ms`
            : describe(error);
        if (tries < maxRetries) await sleep(backoff(tries, maxDelay), undefined, { signal: request.signal });
        continue;
      }
      if (response.ok) return parseCompletion(await response.json());
      lastProblem = `HTTP ${response.status}`;
      await response.body?.cancel();
      if (!(response.status === 429 || response.status >= 500) || tries >= maxRetries) break;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoff(tries, maxDelay);
      await sleep(Math.min(wait, maxDelay), undefined, { signal: request.signal });
    }
    throw new TransmuteError('enrichment_failed', `The enrichment provider failed: ${lastProblem}.`);
  }

  return Object.freeze({ model: options.model, complete });
}

function parseCompletion(json: unknown): EnrichmentResponse {
  const completion = (json ?? {}) as ChatCompletion;
  const content = completion.choices?.[0]?.message?.content;
  if (typeof content !== 'string') {
    throw new TransmuteError('enrichment_failed', 'The enrichment provider returned no message content.');
  }
  const usage = completion.usage ?? {};
  const total =
    toCount(usage.total_tokens) ??
    (toCount(usage.prompt_tokens) ?? 0) + (toCount(usage.completion_tokens) ?? 0);
  return { text: content, totalTokens: total };
}

function toCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/** `Retry-After` as delta-seconds or an HTTP date, in milliseconds. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function backoff(tries: number, maxDelay: number): number {
  return Math.min(maxDelay, 250 * 2 ** tries);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
