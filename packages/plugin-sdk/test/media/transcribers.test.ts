import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import {
  createOpenAiTranscriber,
  createWhisperCppTranscriber,
  parsePocketsphinxOutput,
  transcriptionConfigFromEnv,
} from '../../src/media.js';
import { MEDIA } from './media-fixtures.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler = (_req, res) => res.end();
let calls = 0;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    calls += 1;
    handler(req, res, Buffer.concat(chunks).toString('latin1'));
  });
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const wav = `${MEDIA}/speech.wav`;
const run = () => ({ signal: new AbortController().signal, durationSeconds: 2.8 });
const codeOf = (e: unknown) => (isTransmuteError(e) ? e.code : String(e));

describe('OpenAI-compatible transcription engine (real HTTP server on loopback)', () => {
  it('posts multipart audio with the model and reads verbose_json segments', async () => {
    calls = 0;
    let seen = { path: '', auth: '', body: '' };
    handler = (req, res, body) => {
      seen = { path: req.url ?? '', auth: req.headers.authorization ?? '', body };
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          text: 'go forward ten meters',
          segments: [{ start: 0.4, end: 2.1, text: ' go forward ten meters', avg_logprob: -0.1 }],
        }),
      );
    };
    const engine = createOpenAiTranscriber({ baseUrl, apiKey: 'sk-test', model: 'whisper-1' });
    const segments = await engine.transcribe(wav, run());
    expect(seen.path).toBe('/v1/audio/transcriptions');
    expect(seen.auth).toBe('Bearer sk-test');
    expect(seen.body).toContain('name="model"');
    expect(seen.body).toContain('whisper-1');
    expect(seen.body).toContain('RIFF');
    expect(segments).toEqual([
      { start: 0.4, end: 2.1, text: 'go forward ten meters', confidence: Math.exp(-0.1) },
    ]);
  });

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    calls = 0;
    handler = (_req, res) => {
      if (calls === 1) {
        res.writeHead(429, { 'retry-after': '1' }).end('slow down');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ text: 'hello there' }));
    };
    const started = Date.now();
    const engine = createOpenAiTranscriber({ baseUrl, model: 'm' });
    const segments = await engine.transcribe(wav, run());
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(segments[0]?.text).toBe('hello there');
  });

  it('gives up on repeated 500s with transcription_failed after its retries', async () => {
    calls = 0;
    handler = (_req, res) => res.writeHead(500).end('boom');
    const engine = createOpenAiTranscriber({ baseUrl, model: 'm', maxRetries: 2, maxRetryDelayMs: 10 });
    const error = await engine.transcribe(wav, run()).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('transcription_failed');
    expect(calls).toBe(3);
  });

  it('times out a stalled endpoint with timeout', async () => {
    handler = () => undefined; // never answers
    const engine = createOpenAiTranscriber({ baseUrl, model: 'm', timeoutMs: 200, maxRetries: 0 });
    const error = await engine.transcribe(wav, run()).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('timeout');
  });
});

describe('whisper.cpp engine', () => {
  it('reports a missing model clearly, in health and when asked to transcribe', async () => {
    const engine = createWhisperCppTranscriber({
      binary: '/usr/bin/true',
      modelPath: '/nonexistent/ggml-base.en.bin',
    });
    expect(await engine.health()).toEqual({
      ok: false,
      detail: 'whisper.cpp model not found at /nonexistent/ggml-base.en.bin',
    });
    const error = await engine.transcribe(wav, run()).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('transcription_unavailable');
    expect((error as Error).message).toContain('/nonexistent/ggml-base.en.bin');
  });
});

describe('engine configuration and parsing', () => {
  it('reads the engine from TRANSMUTE_TRANSCRIPTION_* variables', () => {
    expect(transcriptionConfigFromEnv({})).toEqual({ engine: 'pocketsphinx' });
    expect(
      transcriptionConfigFromEnv({
        TRANSMUTE_TRANSCRIPTION_ENGINE: 'openai',
        TRANSMUTE_TRANSCRIPTION_BASE_URL: 'http://127.0.0.1:9/v1',
        TRANSMUTE_TRANSCRIPTION_MODEL: 'large-v3',
        TRANSMUTE_TRANSCRIPTION_API_KEY: 'k',
      }),
    ).toEqual({ engine: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'large-v3', apiKey: 'k' });
  });

  it('parses pocketsphinx utterances into segments without fillers or alternates', () => {
    const out = [
      'go forward',
      '<s> 0.1 0.2 1.0',
      'go 0.2 0.5 0.9',
      'forward(2) 0.5 1.0 0.7',
      '</s> 1.0 1.1 1.0',
      'ten',
      '<sil> 1.2 1.3 1',
      'ten 1.3 1.6 0.5',
    ].join('\n');
    expect(parsePocketsphinxOutput(out)).toEqual([
      { start: 0.2, end: 1.0, text: 'go forward', confidence: 0.8 },
      { start: 1.3, end: 1.6, text: 'ten', confidence: 0.5 },
    ]);
  });
});
