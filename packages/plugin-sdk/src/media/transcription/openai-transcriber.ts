import { openAsBlob } from 'node:fs';
import { TransmuteError } from '@transmute/contract';
import type { TranscribeOptions, Transcriber, TranscriptSegment } from './transcriber.js';

/** Options of {@link createOpenAiTranscriber}. */
export interface OpenAiTranscriberOptions {
  /** Base URL up to and including `/v1`, e.g. `https://api.openai.com/v1` or a local whisper server. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per-request timeout (default 120 s). */
  timeoutMs?: number;
  /** Retries on 429/5xx/network errors (default 3). */
  maxRetries?: number;
  /** Injected fetch (default: global fetch). */
  fetch?: typeof fetch;
  /** Upper bound for one wait between retries, in ms (default 30 s). */
  maxRetryDelayMs?: number;
}

interface VerboseJson {
  text?: string;
  segments?: Array<{
    start?: number;
    end?: number;
    text?: string;
    avg_logprob?: number;
    no_speech_prob?: number;
  }>;
}

function toSegments(body: VerboseJson, duration: number): TranscriptSegment[] {
  if (Array.isArray(body.segments) && body.segments.length > 0) {
    return body.segments
      .map((s) => ({
        start: s.start ?? 0,
        end: s.end ?? s.start ?? 0,
        text: (s.text ?? '').trim(),
        confidence: s.avg_logprob === undefined ? 1 : Math.max(0, Math.min(1, Math.exp(s.avg_logprob))),
      }))
      .filter((s) => s.text !== '');
  }
  const text = (body.text ?? '').trim();
  return text ? [{ start: 0, end: duration, text, confidence: 1 }] : [];
}

function retryDelayMs(response: Response | undefined, attempt: number, cap: number): number {
  const header = response?.headers.get('retry-after');
  const seconds = header === null || header === undefined ? Number.NaN : Number(header);
  const base = Number.isFinite(seconds) ? seconds * 1000 : 500 * 2 ** attempt;
  return Math.min(cap, Math.max(0, base));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), {
      once: true,
    });
  });

/**
 * An OpenAI-compatible `POST /audio/transcriptions` engine: hosted APIs and local whisper servers
 * alike. Retries 429 (honouring `Retry-After`) and 5xx with backoff; each attempt has a timeout.
 */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxRetries = options.maxRetries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;

  async function attempt(wavPath: string, run: TranscribeOptions): Promise<Response> {
    const form = new FormData();
    form.set('file', await openAsBlob(wavPath, { type: 'audio/wav' }), 'audio.wav');
    form.set('model', options.model);
    form.set('response_format', 'verbose_json');
    if (run.language) form.set('language', run.language);
    const headers: Record<string, string> = options.apiKey
      ? { authorization: `Bearer ${options.apiKey}` }
      : {};
    const signal = AbortSignal.any([run.signal, AbortSignal.timeout(timeoutMs)]);
    return doFetch(url, { method: 'POST', body: form, headers, signal });
  }

  return {
    id: 'openai',
    async health() {
      return { ok: true, detail: `OpenAI-compatible endpoint ${options.baseUrl} (${options.model})` };
    },
    async transcribe(wavPath, run) {
      let lastProblem = 'no attempt made';
      for (let tries = 0; tries <= maxRetries; tries += 1) {
        run.signal.throwIfAborted();
        let response: Response | undefined;
        try {
          response = await attempt(wavPath, run);
        } catch (error) {
          run.signal.throwIfAborted();
          lastProblem = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : String(error);
        }
        if (response?.ok) {
          run.onProgress?.(100);
          return toSegments((await response.json()) as VerboseJson, run.durationSeconds);
        }
        if (response) {
          lastProblem = `HTTP ${response.status}`;
          await response.body?.cancel();
          if (response.status !== 429 && response.status < 500) break;
        }
        if (tries < maxRetries) await sleep(retryDelayMs(response, tries, maxDelay), run.signal);
      }
      const code = lastProblem === 'timed out' ? 'timeout' : 'transcription_failed';
      throw new TransmuteError(code, `The transcription endpoint failed: ${lastProblem}.`);
    },
  };
}
