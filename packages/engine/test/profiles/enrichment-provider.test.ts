import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiEnrichmentProvider } from '../../src/enrichment/create-openai-enrichment-provider.js';
import { ARTICLE, build, prepareText } from './prepare.js';

// A real OpenAI-compatible chat endpoint on loopback: it answers summary requests with a fixed
// abstract and question requests with one grounded and one invented answer; model "broken" fails.
let server: Server;
let baseUrl = '';
const seen: { model: string; system: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      const system = body.messages[0]?.content ?? '';
      seen.push({ model: body.model, system });
      if (request.url !== '/v1/chat/completions' || body.model === 'broken') {
        response.writeHead(500).end('{}');
        return;
      }
      const content = system.includes('question/answer')
        ? JSON.stringify([
            {
              question: 'What do batteries store?',
              answer: 'Batteries store solar electricity for the evening.',
            },
            { question: 'Who invented solar panels?', answer: 'Albert Einstein in 1921' },
          ])
        : 'Cities turn sunlight into electricity, store it in batteries and pay less every year.';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content } }],
          usage: { total_tokens: 100 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('profiles with an OpenAI-compatible provider', () => {
  it('polishes the summary, meters enrichment_tokens and keeps the extractive sentences', async () => {
    const provider = createOpenAiEnrichmentProvider({ baseUrl, model: 'tiny', maxRetries: 0 });
    const rendering = await build(await prepareText(ARTICLE), 'source_summary', {
      enrichment: provider,
      language: 'de',
    });
    expect(rendering.markdown).toContain('## Zusammenfassung\n\nCities turn sunlight into electricity');
    expect(rendering.usage).toEqual({ enrichment_tokens: 100 });
    expect(rendering.warnings).toEqual([]);
    const json = JSON.parse(rendering.files[1]?.content ?? '{}') as {
      abstract: string;
      summary: { text: string }[];
    };
    expect(json.abstract).toMatch(/^Cities turn sunlight/);
    for (const sentence of json.summary) expect(ARTICLE).toContain(sentence.text);
    expect(seen.at(-1)?.system).toContain('"de"');
  });

  it('adds model questions only when their answers are verbatim spans of the source', async () => {
    const provider = createOpenAiEnrichmentProvider({ baseUrl, model: 'tiny', maxRetries: 0 });
    const document = await prepareText(ARTICLE);
    const rendering = await build(document, 'evaluation_markdown', { enrichment: provider });
    const model = rendering.records.filter((record) => record.kind === 'model');
    expect(model.map((record) => record.question)).toEqual(['What do batteries store?']);
    expect(rendering.records.map((record) => record.answer)).not.toContain('Albert Einstein in 1921');
    expect(rendering.warnings).toEqual([
      expect.stringMatching(/^enrichment_ungrounded: 1 model-written answers were dropped/),
    ]);
    expect(rendering.usage.enrichment_tokens).toBe(100);
  });

  it('falls back to the extractive output with a warning when the provider fails', async () => {
    const provider = createOpenAiEnrichmentProvider({ baseUrl, model: 'broken', maxRetries: 0 });
    const document = await prepareText(ARTICLE);
    const summary = await build(document, 'source_summary', { enrichment: provider });
    expect(summary.warnings).toEqual([
      expect.stringMatching(
        /^enrichment_failed: The enrichment provider could not polish the summary \(The enrichment provider failed: HTTP 500\.\)/,
      ),
    ]);
    const plain = await build(document, 'source_summary');
    expect(summary.markdown).toBe(plain.markdown);
    const evaluation = await build(document, 'evaluation_markdown', { enrichment: provider });
    expect(evaluation.records.length).toBeGreaterThan(0);
    expect(evaluation.warnings[0]).toMatch(/^enrichment_failed:/);
    expect(evaluation.usage).toEqual({});
  });
});
