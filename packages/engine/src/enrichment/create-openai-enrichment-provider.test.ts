import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import { createOpenAiEnrichmentProvider } from './create-openai-enrichment-provider.js';

type Handler = (request: IncomingMessage, body: unknown, response: ServerResponse) => void;

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A real OpenAI-compatible endpoint on loopback; `handlers` answer successive requests. */
async function serve(handlers: Handler[]): Promise<{
  baseUrl: string;
  requests: { headers: IncomingMessage['headers']; url: string; body: unknown }[];
}> {
  const requests: { headers: IncomingMessage['headers']; url: string; body: unknown }[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body: unknown = JSON.parse(raw);
      requests.push({ headers: request.headers, url: request.url ?? '', body });
      const handler = handlers[Math.min(requests.length - 1, handlers.length - 1)];
      handler?.(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}

function completion(content: string, totalTokens = 42): Handler {
  return (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 30, completion_tokens: totalTokens - 30, total_tokens: totalTokens },
      }),
    );
  };
}

function status(code: number, headers: Record<string, string> = {}): Handler {
  return (_request, _body, response) => {
    response.writeHead(code, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify({ error: { message: 'nope' } }));
  };
}

const signal = new AbortController().signal;

describe('createOpenAiEnrichmentProvider', () => {
  it('posts model and messages with the bearer key and returns the content and total tokens', async () => {
    const { baseUrl, requests } = await serve([completion('A short summary.', 57)]);
    const provider = createOpenAiEnrichmentProvider({ baseUrl, apiKey: 'sk-test', model: 'tiny-model' });
    const result = await provider.complete({
      system: 'Be brief.',
      prompt: 'Text here',
      maxTokens: 50,
      signal,
    });
    expect(result).toEqual({ text: 'A short summary.', totalTokens: 57 });
    expect(requests[0]?.url).toBe('/v1/chat/completions');
    expect(requests[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(requests[0]?.body).toEqual({
      model: 'tiny-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Text here' },
      ],
      temperature: 0,
      max_tokens: 50,
    });
    expect(provider.model).toBe('tiny-model');
  });

  it('retries a 429 after its Retry-After and a 503, then succeeds', async () => {
    const { baseUrl, requests } = await serve([
      status(429, { 'retry-after': '0' }),
      status(503),
      completion('ok'),
    ]);
    const provider = createOpenAiEnrichmentProvider({
      baseUrl,
      model: 'm',
      maxRetries: 2,
      maxRetryDelayMs: 20,
    });
    expect((await provider.complete({ system: 's', prompt: 'p', signal })).text).toBe('ok');
    expect(requests).toHaveLength(3);
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it('gives up after the bounded retries with enrichment_failed', async () => {
    const { baseUrl, requests } = await serve([status(500)]);
    const provider = createOpenAiEnrichmentProvider({
      baseUrl,
      model: 'm',
      maxRetries: 1,
      maxRetryDelayMs: 10,
    });
    const error: unknown = await provider
      .complete({ system: 's', prompt: 'p', signal })
      .catch((e: unknown) => e);
    expect(isTransmuteError(error) && error.code).toBe('enrichment_failed');
    expect(String(error)).toMatch(/HTTP 500/);
    expect(requests).toHaveLength(2);
  });

  it('does not retry a 400 and rejects a response without content', async () => {
    const bad = await serve([status(400)]);
    const provider = createOpenAiEnrichmentProvider({ baseUrl: bad.baseUrl, model: 'm', maxRetries: 3 });
    await expect(provider.complete({ system: 's', prompt: 'p', signal })).rejects.toThrow(/HTTP 400/);
    expect(bad.requests).toHaveLength(1);
    const empty = await serve([(_q, _b, response) => response.end(JSON.stringify({ choices: [] }))]);
    const second = createOpenAiEnrichmentProvider({ baseUrl: empty.baseUrl, model: 'm' });
    await expect(second.complete({ system: 's', prompt: 'p', signal })).rejects.toThrow(/no message content/);
  });

  it('times out a slow endpoint', async () => {
    const { baseUrl } = await serve([() => undefined]);
    const provider = createOpenAiEnrichmentProvider({ baseUrl, model: 'm', timeoutMs: 100, maxRetries: 0 });
    await expect(provider.complete({ system: 's', prompt: 'p', signal })).rejects.toThrow(
      /timed out after 100 ms/,
    );
  });
});
